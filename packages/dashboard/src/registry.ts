import type { AdminApi } from './api';

/** The roles of the admin API's permission table (apps/gateway/src/domain/admin-permissions.ts). */
export const OPERATOR_ROLES = ['admin', 'reviewer', 'read_only'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const ENVIRONMENTS = ['test', 'sandbox', 'live'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Who is signed in (GET /dashboard/api/session). */
export interface SignedInOperator {
  id: string;
  email: string;
  role: OperatorRole;
}

/** The groups of the navigation, in this order. */
export const NAV_GROUPS = ['Integration', 'Review', 'Sessions', 'Audit'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/**
 * One screen of the dashboard. A view module defines its custom element (`tag`) and exports its
 * definitions; src/views/index.ts collects them. The shell shows a view only to the roles listed,
 * and hands its element a {@link ViewContext} as the `context` property whenever the route, the
 * project or the environment changes.
 *
 * `path` is a hash route with `:name` parameters: `/projects/:projectId/environments/:environment/keys`.
 * `:projectId` and `:environment` in a navigation entry are filled from the shell's project and
 * environment pickers.
 */
export interface DashboardView {
  id: string;
  path: string;
  title: string;
  roles: readonly OperatorRole[];
  /** In the navigation when present; a view without it is reached by links only (a case, a session's history). */
  nav?: { group: NavGroup; label: string; order: number };
  tag: string;
}

/** What a view element gets from the shell. */
export interface ViewContext {
  api: AdminApi;
  operator: SignedInOperator;
  /** The route's parameters, decoded. */
  params: Readonly<Record<string, string>>;
  /** The query part of the hash route (`#/audit?operatorId=…`). */
  query: URLSearchParams;
  /** The project and environment picked in the header (null before projects are loaded or when there are none). */
  projectId: string | null;
  environment: Environment;
  /** Only admins write on the integrator screens; read-only operators see the same screens with every control disabled. */
  canWrite: boolean;
  navigate(path: string): void;
  /** Says something to screen-reader users (a polite live region) and shows it in the status bar. */
  announce(message: string): void;
}

/** The views an operator of this role may open, in registration order. */
export const viewsFor = (views: readonly DashboardView[], role: OperatorRole): DashboardView[] =>
  views.filter((view) => view.roles.includes(role));
