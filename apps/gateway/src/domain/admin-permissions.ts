/**
 * Who may call which admin route (issue 26, item 9). Three roles:
 *
 * - `admin`: everything.
 * - `reviewer`: the reads listed below and the decision on a manual_review session.
 * - `read_only`: the reads listed below.
 *
 * A route is named by its method and its route pattern as the HTTP server registers it
 * (`/admin/v1/projects/:projectId/sessions/:sessionId/review`). A route missing from the table
 * is admin-only, so a new admin route is safe until someone decides otherwise here.
 */
export const OPERATOR_ROLES = ['admin', 'reviewer', 'read_only'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const isOperatorRole = (value: string): value is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(value);

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface AdminPermission {
  /** A stable name for the audit log and its filter, e.g. `sessions.review`. */
  action: string;
  roles: readonly OperatorRole[];
}

const EVERYONE: readonly OperatorRole[] = ['admin', 'reviewer', 'read_only'];
const ADMIN_ONLY: readonly OperatorRole[] = ['admin'];
const REVIEWERS: readonly OperatorRole[] = ['admin', 'reviewer'];

const P = '/admin/v1/projects/:projectId';
const ENV = `${P}/environments/:environment`;

/** `METHOD pattern` → permission. Reads of secrets never appear here: no route answers one after creation. */
export const ADMIN_PERMISSIONS: Readonly<Record<string, AdminPermission>> = {
  // Operators and the audit log.
  'GET /admin/v1/operators': { action: 'operators.list', roles: ADMIN_ONLY },
  'POST /admin/v1/operators': { action: 'operators.create', roles: ADMIN_ONLY },
  'POST /admin/v1/operators/:operatorId/disable': { action: 'operators.disable', roles: ADMIN_ONLY },
  'GET /admin/v1/operators/me': { action: 'operators.me', roles: EVERYONE },
  'GET /admin/v1/audit-log': { action: 'audit_log.list', roles: EVERYONE },
  // The whole log in one file leaves the platform: admins only (issue 29).
  'GET /admin/v1/audit-log.csv': { action: 'audit_log.export', roles: ADMIN_ONLY },

  // Projects, keys and settings.
  'GET /admin/v1/projects': { action: 'projects.list', roles: EVERYONE },
  'POST /admin/v1/projects': { action: 'projects.create', roles: ADMIN_ONLY },
  [`GET ${P}`]: { action: 'projects.get', roles: EVERYONE },
  [`POST ${P}/approve`]: { action: 'projects.approve', roles: ADMIN_ONLY },
  [`GET ${P}/keys`]: { action: 'keys.list', roles: EVERYONE },
  [`POST ${ENV}/keys/rotate`]: { action: 'keys.rotate', roles: ADMIN_ONLY },
  [`POST ${P}/keys/:keyId/revoke`]: { action: 'keys.revoke', roles: ADMIN_ONLY },
  [`GET ${ENV}/settings`]: { action: 'settings.get', roles: EVERYONE },
  [`PATCH ${ENV}/settings`]: { action: 'settings.update', roles: ADMIN_ONLY },
  [`GET ${ENV}/branding`]: { action: 'branding.get', roles: EVERYONE },
  [`PATCH ${ENV}/branding`]: { action: 'branding.update', roles: ADMIN_ONLY },
  [`PUT ${ENV}/branding/logo`]: { action: 'branding.set_logo', roles: ADMIN_ONLY },
  [`DELETE ${ENV}/branding/logo`]: { action: 'branding.remove_logo', roles: ADMIN_ONLY },

  // Webhooks.
  [`GET ${ENV}/webhook`]: { action: 'webhook.get', roles: EVERYONE },
  [`PUT ${ENV}/webhook`]: { action: 'webhook.set', roles: ADMIN_ONLY },
  [`POST ${ENV}/webhook/rotate-secret`]: { action: 'webhook.rotate_secret', roles: ADMIN_ONLY },
  [`GET ${ENV}/webhook/deliveries`]: { action: 'webhook.deliveries', roles: EVERYONE },
  [`POST ${P}/webhook/deliveries/:deliveryId/replay`]: { action: 'webhook.replay', roles: ADMIN_ONLY },

  // Billing.
  [`GET ${ENV}/balance`]: { action: 'balance.get', roles: EVERYONE },
  [`POST ${ENV}/balance`]: { action: 'balance.top_up', roles: ADMIN_ONLY },
  [`GET ${ENV}/balance/history`]: { action: 'balance.history', roles: EVERYONE },
  [`PUT ${ENV}/trial`]: { action: 'balance.set_trial', roles: ADMIN_ONLY },
  [`PUT ${ENV}/credit-limit`]: { action: 'balance.set_credit_limit', roles: ADMIN_ONLY },

  // Sessions and review.
  [`GET ${P}/sessions`]: { action: 'sessions.list', roles: EVERYONE },
  [`POST ${P}/sessions/:sessionId/review`]: { action: 'sessions.review', roles: REVIEWERS },
  [`GET ${P}/sessions/:sessionId/decisions`]: { action: 'sessions.decisions', roles: EVERYONE },
  // The reviewer's side (issue 29). Every look at a case or one of its images is its own audit
  // entry (target = project and session ids, no personal data). read_only sees what a reviewer
  // sees; only the decision above needs the reviewer role.
  [`GET ${ENV}/review-queue`]: { action: 'review_queue.list', roles: EVERYONE },
  [`GET ${P}/sessions/:sessionId/case`]: { action: 'sessions.case.view', roles: EVERYONE },
  [`GET ${P}/sessions/:sessionId/case/images/:image`]: { action: 'sessions.case.image', roles: EVERYONE },
  [`GET ${P}/sessions/:sessionId/history`]: { action: 'sessions.history', roles: EVERYONE },

  // Scoring policy.
  [`GET ${ENV}/scoring-policy`]: { action: 'scoring_policy.get', roles: EVERYONE },
  [`PUT ${ENV}/scoring-policy`]: { action: 'scoring_policy.set', roles: ADMIN_ONLY },

  // Dead letters of the event bus.
  'GET /admin/v1/dead-letters': { action: 'dead_letters.list', roles: EVERYONE },
  'POST /admin/v1/dead-letters/replay': { action: 'dead_letters.replay_all', roles: ADMIN_ONLY },
  'POST /admin/v1/dead-letters/:id/replay': { action: 'dead_letters.replay', roles: ADMIN_ONLY },
};

/**
 * The permission of a route. Unknown routes are admin-only, their action named after the route
 * (`admin.POST /admin/v1/...`), so the audit log still says what was attempted.
 */
export function adminPermissionOf(method: string, routePattern: string): AdminPermission {
  const normalisedMethod = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const pattern = routePattern.length > 1 ? routePattern.replace(/\/+$/, '') : routePattern;
  return ADMIN_PERMISSIONS[`${normalisedMethod} ${pattern}`] ?? { action: `admin.${normalisedMethod} ${pattern}`, roles: ADMIN_ONLY };
}

export const mayCall = (role: string, permission: AdminPermission): boolean => isOperatorRole(role) && permission.roles.includes(role);

/** The ids a route named, for the audit log's `target`: `project:<id> environment:sandbox session:<id>`. Ids only, never a body. */
export function auditTargetOf(params: Readonly<Record<string, string | undefined>>): string {
  return Object.entries(params)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length > 0)
    .map(([name, value]) => `${name.replace(/Id$/, '')}:${value.replace(/[^\x21-\x7e]/g, '?').slice(0, 64)}`)
    .join(' ');
}
