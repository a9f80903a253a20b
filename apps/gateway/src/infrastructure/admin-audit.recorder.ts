import type { Logger } from '@kyc/logger';
import type { FastifyReply } from 'fastify';
import { auditTargetOf } from '../domain/admin-permissions';
import type { AdminRequest } from '../transport/http/admin-token.guard';
import type { ServiceClients } from './service-clients';

/** `X-Admin-Client: cli` marks the calls of `npm run admin`; anything else is an API call. Informational: any client may send it. */
export const ADMIN_CLIENT_HEADER = 'x-admin-client';

/**
 * Writes one audit entry per authenticated admin call (the session service's append-only
 * `admin_audit_log`), before the answer is sent, so an entry exists by the time the caller has
 * its answer. Calls that never authenticated are not entries (no operator to name): the failed-auth
 * throttle counts them. A failure to write is logged with the request id and does not change the
 * answer, whose action has already happened.
 */
export class AdminAuditRecorder {
  constructor(
    private readonly clients: ServiceClients,
    private readonly logger: Logger,
  ) {}

  async record(request: AdminRequest, reply: FastifyReply): Promise<void> {
    const operator = request.adminOperator;
    const permission = request.adminPermission;
    if (!operator || !permission) return;
    const statusCode = reply.statusCode;
    try {
      await this.clients.session.appendAuditEntry({
        operatorId: operator.id,
        operatorRole: operator.role,
        action: permission.action,
        target: auditTargetOf((request.params ?? {}) as Record<string, string>),
        outcome: request.adminDenied ? 'denied' : statusCode < 400 ? 'succeeded' : 'failed',
        statusCode,
        requestId: String(request.id),
        channel: request.headers[ADMIN_CLIENT_HEADER] === 'cli' ? 'cli' : 'api',
      });
    } catch (error) {
      this.logger.error({ err: error, reqId: request.id, statusCode }, 'admin audit entry not written');
    }
  }
}
