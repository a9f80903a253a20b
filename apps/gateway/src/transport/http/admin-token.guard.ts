import { createHash, timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import type { FastifyRequest } from 'fastify';
import { type AdminAuthThrottlePolicy, credentialSubject, sourceSubject, throttleVerdict } from '../../domain/admin-auth-throttle';
import { type AdminPermission, type OperatorRole, adminPermissionOf, isOperatorRole, mayCall } from '../../domain/admin-permissions';
import { ADMIN_AUTH_FAILURE_STORE, type AdminAuthFailureStore } from '../../infrastructure/admin-auth-failure.store';
import { ServiceClients } from '../../infrastructure/service-clients';
import { DASHBOARD_SESSIONS, DashboardSessions, csrfRefusal } from './dashboard-sessions';
import { bearerToken } from './secret-key.guard';

/** The deployment's ADMIN_TOKEN: a bootstrap admin credential beside the operators' own. */
export const ADMIN_TOKEN = Symbol('ADMIN_TOKEN');
export const ADMIN_AUTH_THROTTLE = Symbol('ADMIN_AUTH_THROTTLE');

/** The operator id the audit log records for ADMIN_TOKEN. */
export const BOOTSTRAP_OPERATOR_ID = 'bootstrap';

/** Who is calling an admin route, as the guard established it. */
export interface AdminOperator {
  id: string;
  role: OperatorRole;
  /** True for ADMIN_TOKEN: no person behind it. */
  bootstrap: boolean;
}

/** What the guard leaves on the request for the controllers and the audit hook. */
export interface AdminRequest extends FastifyRequest {
  adminOperator?: AdminOperator;
  adminPermission?: AdminPermission;
  /** The role was refused by the permission table (403), as opposed to a later failure. */
  adminDenied?: boolean;
}

const OPERATOR_TOKEN_PATTERN = /^opk_[A-Za-z0-9_-]{43}$/;
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Every /admin/v1 route: `Authorization: Bearer <credential>`, where the credential is an
 * operator's API token (`opk_…`, resolved by the session service on every call, so a disabled
 * operator is locked out at once) or the deployment's ADMIN_TOKEN (compared as SHA-256 digests in
 * constant time; it acts as an admin named `bootstrap`). Then the permission table decides
 * (domain/admin-permissions.ts; routes not in it are admin-only): 403 FORBIDDEN otherwise.
 *
 * Failed authentications are counted per source address and per credential digest; past the
 * limits every call from there is 429 RATE_LIMITED with Retry-After, before any credential is
 * checked (domain/admin-auth-throttle.ts). A session service that cannot be reached is 503 and
 * counts as no failure.
 *
 * Without an Authorization header, the dashboard's session cookie is the credential (issue 29):
 * the same operator, roles and audit; a write (any method but GET/HEAD) also needs our own Origin
 * and the session's CSRF token, else 403 FORBIDDEN (audited as denied) and nothing changes.
 */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly bootstrapDigest: Buffer;

  constructor(
    @Inject(ADMIN_TOKEN) adminToken: string,
    private readonly clients: ServiceClients,
    @Inject(ADMIN_AUTH_FAILURE_STORE) private readonly failures: AdminAuthFailureStore,
    @Inject(ADMIN_AUTH_THROTTLE) private readonly throttle: AdminAuthThrottlePolicy,
    @Inject(DASHBOARD_SESSIONS) private readonly dashboardSessions: DashboardSessions,
  ) {
    this.bootstrapDigest = digest(adminToken);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AdminRequest>();
    const token = bearerToken(request.headers.authorization);
    const subjects = [sourceSubject(request.ip), ...(token ? [credentialSubject(digest(token).toString('hex'))] : [])];

    const verdict = throttleVerdict(this.throttle, await this.failures.current(subjects, this.throttle.windowSeconds));
    if (verdict.blocked)
      throw new KycError(
        ErrorCode.RATE_LIMITED,
        `Too many failed admin authentications from this ${verdict.subject === 'source' ? 'address' : 'credential'}; retry in ${verdict.retryAfterSeconds} s`,
        { retryAfterSeconds: verdict.retryAfterSeconds },
      );

    const dashboard = token ? null : await this.dashboardSessions.fromRequest(request);
    const operator = token
      ? await this.authenticate(token)
      : dashboard
        ? { id: dashboard.operator.id, role: dashboard.operator.role, bootstrap: false }
        : null;
    if (!operator) {
      await this.failures.record(subjects, this.throttle.windowSeconds);
      throw new KycError(ErrorCode.UNAUTHENTICATED, 'Missing, wrong, revoked or disabled admin credential');
    }
    request.adminOperator = operator;

    const permission = adminPermissionOf(request.method, request.routeOptions.url ?? request.url);
    request.adminPermission = permission;
    const csrfProblem = dashboard ? csrfRefusal(request, dashboard.sessionId) : null;
    if (csrfProblem) {
      request.adminDenied = true;
      throw new KycError(ErrorCode.FORBIDDEN, csrfProblem);
    }
    if (!mayCall(operator.role, permission)) {
      request.adminDenied = true;
      throw new KycError(ErrorCode.FORBIDDEN, `The ${operator.role} role may not call ${permission.action}`);
    }
    return true;
  }

  private async authenticate(token: string): Promise<AdminOperator | null> {
    if (timingSafeEqual(digest(token), this.bootstrapDigest)) return { id: BOOTSTRAP_OPERATOR_ID, role: 'admin', bootstrap: true };
    // Only something shaped like an operator token is worth a call to the session service.
    if (!OPERATOR_TOKEN_PATTERN.test(token)) return null;
    try {
      const operator = await this.clients.session.authenticateOperatorToken({ token });
      return isOperatorRole(operator.role) ? { id: operator.id, role: operator.role, bootstrap: false } : null;
    } catch (error) {
      if (error instanceof KycError && error.code === ErrorCode.UNAUTHENTICATED) return null;
      throw error;
    }
  }
}
