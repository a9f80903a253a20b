import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { session } from '@kyc/contracts';
import { z } from 'zod';
import { ServiceClients } from '../../../infrastructure/service-clients';
import type { auditLogResponse, createdOperatorResponse, currentOperatorResponse, operatorResponse } from '../openapi/response-schemas';
import { type AdminRequest, AdminTokenGuard } from '../admin-token.guard';

/** Strict: a misspelt field must not create an admin where a reviewer was meant. */
export const createOperatorBody = z.strictObject({
  email: z.string().trim().min(3).max(254),
  role: z.enum(['admin', 'reviewer', 'read_only']),
  password: z.string().min(12).max(256).optional(),
});

export const auditLogQuery = z.object({
  operatorId: z.string().trim().min(1).max(100).optional(),
  action: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'must be an entry id (nextBefore of the previous page)')
    .optional(),
});

const nullable = (value: string) => value || null;

export function presentOperator(operator: session.Operator): z.infer<typeof operatorResponse> {
  return {
    id: operator.id,
    email: operator.email,
    role: operator.role,
    status: operator.status,
    createdAt: operator.createdAt,
    disabledAt: nullable(operator.disabledAt),
    createdBy: nullable(operator.createdBy),
  };
}

/**
 * Operators (per-person admin credentials with a role) and the audit log of what they did. The
 * permission table decides who may call each route (admin: all; reviewer and read_only: `me` and
 * the audit log).
 */
@Controller('admin/v1')
@UseGuards(AdminTokenGuard)
export class OperatorsAdminController {
  constructor(private readonly clients: ServiceClients) {}

  /** The token and password appear in this answer only. */
  @Post('operators')
  @HttpCode(201)
  async create(@Body() rawBody: unknown, @Req() request: AdminRequest): Promise<z.infer<typeof createdOperatorResponse>> {
    const body = createOperatorBody.parse(rawBody ?? {});
    const created = await this.clients.session.createOperator({
      email: body.email,
      role: body.role,
      password: body.password ?? '',
      createdBy: request.adminOperator!.id,
    });
    return { operator: presentOperator(created.operator!), token: created.token, password: created.password };
  }

  @Get('operators')
  async list() {
    const { operators } = await this.clients.session.listOperators({});
    return { operators: operators.map(presentOperator) };
  }

  /** Who the credential belongs to: what the dashboard needs to choose its views. */
  @Get('operators/me')
  me(@Req() request: AdminRequest): z.infer<typeof currentOperatorResponse> {
    const operator = request.adminOperator!;
    return { id: operator.id, role: operator.role, bootstrap: operator.bootstrap };
  }

  @Post('operators/:operatorId/disable')
  @HttpCode(200)
  async disable(@Param('operatorId') operatorId: string, @Req() request: AdminRequest) {
    return presentOperator(await this.clients.session.disableOperator({ operatorId, requestedBy: request.adminOperator!.id }));
  }

  /** Newest first; `nextBefore` pages on (null on the last page). */
  @Get('audit-log')
  async auditLog(@Query() rawQuery: unknown): Promise<z.infer<typeof auditLogResponse>> {
    const query = auditLogQuery.parse(rawQuery ?? {});
    const { entries, nextBefore } = await this.clients.session.listAuditEntries({
      operatorId: query.operatorId ?? '',
      action: query.action ?? '',
      limit: query.limit,
      before: query.before ?? '',
    });
    return {
      entries: entries.map((entry) => ({
        id: entry.id,
        occurredAt: entry.occurredAt,
        operatorId: entry.operatorId,
        operatorRole: entry.operatorRole,
        action: entry.action,
        target: nullable(entry.target),
        outcome: entry.outcome,
        statusCode: entry.statusCode,
        requestId: entry.requestId,
        channel: entry.channel,
      })),
      nextBefore: nullable(nextBefore),
    };
  }
}
