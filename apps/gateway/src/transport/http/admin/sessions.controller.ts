import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { common, sessionStatuses } from '@kyc/contracts';
import type { z } from 'zod';
import { ServiceClients } from '../../../infrastructure/service-clients';
import type { adminSessionListResponse, reviewResponse } from '../openapi/response-schemas';
import { type AdminRequest, AdminTokenGuard, BOOTSTRAP_OPERATOR_ID } from '../admin-token.guard';
import { fromProtoEnvironment, toProtoEnvironment } from '../environment-mapping';
import { listSessionsQuery, reviewBody } from '../request-schemas';

/** Sessions as operators and reviewers see them, and the reviewer's decision. */
@Controller('admin/v1/projects/:projectId/sessions')
@UseGuards(AdminTokenGuard)
export class SessionsAdminController {
  constructor(private readonly clients: ServiceClients) {}

  @Get()
  async listSessions(@Param('projectId') projectId: string, @Query() rawQuery: unknown): Promise<z.infer<typeof adminSessionListResponse>> {
    const query = listSessionsQuery.parse(rawQuery ?? {});
    const { sessions, nextBefore } = await this.clients.session.listSessions({
      projectId,
      environment: query.environment ? toProtoEnvironment(query.environment) : common.ProjectEnvironment.PROJECT_ENVIRONMENT_UNSPECIFIED,
      status: query.status ? sessionStatuses.toWire(query.status) : common.SessionStatus.SESSION_STATUS_UNSPECIFIED,
      limit: query.limit,
      sessionId: query.sessionId ?? '',
      createdFrom: query.from ?? '',
      createdTo: query.to ?? '',
      emailHash: query.emailHash?.toLowerCase() ?? '',
      before: query.before ?? '',
    });
    return {
      nextBefore: nextBefore || null,
      sessions: sessions.map((s) => ({
        id: s.id,
        environment: fromProtoEnvironment(s.environment),
        status: sessionStatuses.fromWire(s.status),
        testMode: s.testMode,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        expiresAt: s.expiresAt,
      })),
    };
  }

  /**
   * A reviewer's decision on a session in manual_review: approve → completed, reject → rejected
   * (spec part 3). The reviewer is the operator whose credential made the call (its id becomes
   * `reviewed_by`); a `reviewer` in the body counts only with the bootstrap ADMIN_TOKEN, which
   * belongs to nobody.
   */
  @Post(':sessionId/review')
  @HttpCode(200)
  async review(
    @Param('projectId') projectId: string,
    @Param('sessionId') sessionId: string,
    @Body() rawBody: unknown,
    @Req() request: AdminRequest,
  ): Promise<z.infer<typeof reviewResponse>> {
    const body = reviewBody.parse(rawBody ?? {});
    const operator = request.adminOperator!;
    const reviewed = await this.clients.session.reviewSession({
      projectId,
      sessionId,
      decision: body.decision,
      reviewer: operator.bootstrap ? (body.reviewer ?? BOOTSTRAP_OPERATOR_ID) : operator.id,
      reason: body.reason ?? '',
    });
    return {
      sessionId: reviewed.sessionId,
      status: sessionStatuses.fromWire(reviewed.status),
      verificationAttemptId: reviewed.verificationAttemptId,
    };
  }
}
