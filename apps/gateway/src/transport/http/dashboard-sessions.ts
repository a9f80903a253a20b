import { createHash } from 'node:crypto';
import { ErrorCode, KycError } from '@kyc/errors';
import type { FastifyRequest } from 'fastify';
import { type AdminAuthThrottlePolicy, credentialSubject, sourceSubject, throttleVerdict } from '../../domain/admin-auth-throttle';
import { type OperatorRole, isOperatorRole } from '../../domain/admin-permissions';
import {
  type DashboardSessionPolicy,
  CSRF_HEADER,
  csrfTokenMatches,
  dashboardSessionDigest,
  isSafeMethod,
  issueDashboardSessionId,
  sameOrigin,
  sessionIdFromCookies,
} from '../../domain/dashboard-session';
import type { AdminAuthFailureStore } from '../../infrastructure/admin-auth-failure.store';
import type { DashboardSessionRepository } from '../../infrastructure/dashboard-session.repository';
import type { ServiceClients } from '../../infrastructure/service-clients';

export const DASHBOARD_SESSIONS = Symbol('DASHBOARD_SESSIONS');

export interface DashboardOperator {
  id: string;
  email: string;
  role: OperatorRole;
}

export interface LiveDashboardSession {
  sessionId: string;
  operator: DashboardOperator;
  expiresAt: Date;
}

/**
 * Signing in to the dashboard and recognising its cookie. Passwords are checked by the session
 * service (scrypt, constant time, an unknown e-mail costing the same as a wrong password); sign-in
 * failures count in the admin API's failed-auth throttle, per address and per e-mail address.
 * A session names its operator only: on every use the operator is read again from the session
 * service, so a disabled operator's sessions stop at once and a changed role applies at once.
 */
export class DashboardSessions {
  constructor(
    private readonly sessions: DashboardSessionRepository,
    private readonly clients: ServiceClients,
    private readonly failures: AdminAuthFailureStore,
    private readonly throttle: AdminAuthThrottlePolicy,
    readonly policy: DashboardSessionPolicy,
  ) {}

  async signIn(email: string, password: string, sourceAddress: string): Promise<LiveDashboardSession> {
    const subjects = [
      sourceSubject(sourceAddress),
      credentialSubject(createHash('sha256').update(email.trim().toLowerCase()).digest('hex')),
    ];
    const verdict = throttleVerdict(this.throttle, await this.failures.current(subjects, this.throttle.windowSeconds));
    if (verdict.blocked)
      throw new KycError(
        ErrorCode.RATE_LIMITED,
        `Too many failed sign-ins from this ${verdict.subject === 'source' ? 'address' : 'e-mail address'}; retry in ${verdict.retryAfterSeconds} s`,
        { retryAfterSeconds: verdict.retryAfterSeconds },
      );
    let operator: DashboardOperator | null = null;
    try {
      const found = await this.clients.session.authenticateOperatorPassword({ email, password });
      if (isOperatorRole(found.role)) operator = { id: found.id, email: found.email, role: found.role };
    } catch (error) {
      if (!(error instanceof KycError && error.code === ErrorCode.UNAUTHENTICATED)) throw error;
    }
    if (!operator) {
      await this.failures.record(subjects, this.throttle.windowSeconds);
      throw new KycError(ErrorCode.UNAUTHENTICATED, 'Wrong e-mail or password');
    }
    const sessionId = issueDashboardSessionId();
    const stored = await this.sessions.create(dashboardSessionDigest(sessionId), operator.id, this.policy);
    return { sessionId, operator, expiresAt: new Date(stored.expiresAt) };
  }

  /** The session of the request's cookie, its idle clock restarted, with its operator as the session service has it now; null otherwise. */
  async fromRequest(request: FastifyRequest): Promise<LiveDashboardSession | null> {
    const sessionId = sessionIdFromCookies(request.headers.cookie);
    if (!sessionId) return null;
    const stored = await this.sessions.use(dashboardSessionDigest(sessionId), this.policy);
    if (!stored) return null;
    const { operators } = await this.clients.session.listOperators({});
    const found = operators.find((operator) => operator.id === stored.operatorId);
    if (!found || found.status !== 'active' || !isOperatorRole(found.role)) {
      await this.sessions.delete(dashboardSessionDigest(sessionId));
      return null;
    }
    return { sessionId, operator: { id: found.id, email: found.email, role: found.role }, expiresAt: new Date(stored.expiresAt) };
  }

  async signOut(sessionId: string): Promise<void> {
    await this.sessions.delete(dashboardSessionDigest(sessionId));
  }
}

/**
 * Why a cookie-authenticated request may not change anything, or null when it may: a write must
 * come from our own origin and carry the session's CSRF token. Reads pass.
 */
export function csrfRefusal(request: FastifyRequest, sessionId: string): string | null {
  if (isSafeMethod(request.method)) return null;
  const origin = request.headers.origin;
  if (!sameOrigin(typeof origin === 'string' ? origin : undefined, request.protocol, request.host))
    return 'A dashboard write must come from the dashboard (Origin)';
  if (!csrfTokenMatches(sessionId, request.headers[CSRF_HEADER])) return `A dashboard write needs the session's ${CSRF_HEADER} header`;
  return null;
}

/** Secure cookies when the request came over TLS (X-Forwarded-Proto counts only from TRUSTED_PROXIES, through Fastify's trustProxy). */
export const cameOverTls = (request: FastifyRequest): boolean => request.protocol === 'https';
