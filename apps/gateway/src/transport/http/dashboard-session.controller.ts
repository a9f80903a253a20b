import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clearedSessionCookie, csrfTokenOf, sameOrigin, sessionCookie } from '../../domain/dashboard-session';
import { ServiceClients } from '../../infrastructure/service-clients';
import { DASHBOARD_SESSIONS, DashboardSessions, type LiveDashboardSession, cameOverTls, csrfRefusal } from './dashboard-sessions';

const signInBody = z.strictObject({
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(256),
});

/** What the dashboard learns about its session: who is signed in, the token its writes carry, when it ends. */
export interface DashboardSessionAnswer {
  operator: { id: string; email: string; role: string };
  csrfToken: string;
  idleTimeoutSeconds: number;
  expiresAt: string;
}

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * The dashboard's sign-in (issue 29): `POST` e-mail and password → a session cookie (HttpOnly,
 * SameSite=Strict, Secure over TLS) and the session's CSRF token; `GET` → the same for the page
 * after a reload; `DELETE` → signed out (the row deleted, the cookie cleared). The admin API
 * then accepts the cookie in place of a bearer token (AdminTokenGuard), a write only with the
 * CSRF token and from our own origin. Sign-in and sign-out are audit entries of their operator.
 */
@Controller('dashboard/api')
export class DashboardSessionController {
  constructor(
    @Inject(DASHBOARD_SESSIONS) private readonly sessions: DashboardSessions,
    private readonly clients: ServiceClients,
  ) {}

  @Post('session')
  @HttpCode(200)
  async signIn(
    @Body() rawBody: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DashboardSessionAnswer> {
    // A page on another origin must not sign a browser in to an account of its choosing (login CSRF).
    if (!sameOrigin(request.headers.origin, request.protocol, request.host))
      throw new KycError(ErrorCode.FORBIDDEN, 'Sign in from the dashboard (Origin)');
    const body = signInBody.parse(rawBody ?? {});
    const session = await this.sessions.signIn(body.email, body.password, request.ip);
    void reply.headers({ ...NO_STORE, 'set-cookie': sessionCookie(session.sessionId, cameOverTls(request)) });
    await this.audit(session, 'dashboard.sign_in', 200, request);
    return this.answer(session);
  }

  @Get('session')
  async current(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<DashboardSessionAnswer> {
    const session = await this.sessions.fromRequest(request);
    void reply.headers(NO_STORE);
    if (!session) throw new KycError(ErrorCode.UNAUTHENTICATED, 'Not signed in, or the session ended');
    return this.answer(session);
  }

  @Delete('session')
  @HttpCode(204)
  async signOut(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const session = await this.sessions.fromRequest(request);
    if (!session) throw new KycError(ErrorCode.UNAUTHENTICATED, 'Not signed in, or the session ended');
    const refusal = csrfRefusal(request, session.sessionId);
    if (refusal) throw new KycError(ErrorCode.FORBIDDEN, refusal);
    await this.sessions.signOut(session.sessionId);
    void reply.headers({ ...NO_STORE, 'set-cookie': clearedSessionCookie(cameOverTls(request)) });
    await this.audit(session, 'dashboard.sign_out', 204, request);
  }

  private answer(session: LiveDashboardSession): DashboardSessionAnswer {
    return {
      operator: session.operator,
      csrfToken: csrfTokenOf(session.sessionId),
      idleTimeoutSeconds: this.sessions.policy.idleSeconds,
      expiresAt: session.expiresAt.toISOString(),
    };
  }

  /** Best effort, like the admin calls' entries: the sign-in happened whatever the log says. */
  private async audit(session: LiveDashboardSession, action: string, statusCode: number, request: FastifyRequest): Promise<void> {
    try {
      await this.clients.session.appendAuditEntry({
        operatorId: session.operator.id,
        operatorRole: session.operator.role,
        action,
        target: '',
        outcome: 'succeeded',
        statusCode,
        requestId: String(request.id),
        channel: 'api',
      });
    } catch {
      // Logged by the admin audit path's policy: an audit failure never changes the answer.
    }
  }
}
