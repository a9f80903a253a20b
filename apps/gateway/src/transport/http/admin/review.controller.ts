import { Controller, Get, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { auditCsvHeader, auditCsvRow } from '../../../domain/audit-log-csv';
import { ServiceClients } from '../../../infrastructure/service-clients';
import { type AdminRequest, AdminTokenGuard } from '../admin-token.guard';
import type { reviewCaseResponse, reviewQueueResponse, sessionHistoryResponse } from '../openapi/response-schemas';
import { auditLogQuery } from './operators.controller';
import { InProject, InProjectEnvironment, type ProjectEnvironmentScope, type ProjectScope, onWire } from './project-scope.pipe';
import { presentReviewCase, presentReviewQueue, presentSessionHistory } from './review-presenters';

export const reviewQueueQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const CASE_IMAGE_NAMES = ['front', 'back', 'main', 'portrait', 'selfie'] as const;
export const caseImageParam = z.enum(CASE_IMAGE_NAMES);
export const auditExportQuery = auditLogQuery.omit({ limit: true });

/**
 * What a reviewer sees must not outlive the look: case JSON and images are never stored by a
 * browser or a proxy (no-store), and an image is never sniffed or framed elsewhere.
 */
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** How many audit rows one export carries at most (a page of 200 at a time); past it, X-Audit-Export-Truncated. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/**
 * The reviewer's side (issue 29): the queue of one project environment, a case with its evidence
 * (reading it is audited as `sessions.case.view` and marks it "opened by" the caller for 15 minutes),
 * each image of a case (decrypted by the document service through the session service, which
 * checks the project first), and a session's history. The decision itself stays
 * `POST …/sessions/{sessionId}/review` (sessions.controller.ts).
 */
@Controller('admin/v1/projects/:projectId')
@UseGuards(AdminTokenGuard)
export class ReviewAdminController {
  constructor(private readonly clients: ServiceClients) {}

  @Get('environments/:environment/review-queue')
  async reviewQueue(
    @InProjectEnvironment() scope: ProjectEnvironmentScope,
    @Query() rawQuery: unknown,
  ): Promise<z.infer<typeof reviewQueueResponse>> {
    const { limit } = reviewQueueQuery.parse(rawQuery ?? {});
    const wire = onWire(scope);
    const queue = await this.clients.session.listReviewQueue({ ...wire, limit });
    return presentReviewQueue(queue, wire.environment, new Date());
  }

  @Get('sessions/:sessionId/case')
  async reviewCase(
    @InProject() scope: ProjectScope,
    @Param('sessionId') sessionId: string,
    @Req() request: AdminRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<z.infer<typeof reviewCaseResponse>> {
    void reply.headers(NO_STORE);
    const reviewCase = await this.clients.session.getReviewCase({
      projectId: scope.projectId,
      sessionId,
      viewer: request.adminOperator!.id,
    });
    const { decisions } = await this.clients.scoring.listDecisions({ projectId: scope.projectId, sessionId: reviewCase.session!.id });
    const base = `/admin/v1/projects/${encodeURIComponent(scope.projectId)}/sessions/${encodeURIComponent(reviewCase.session!.id)}/case/images`;
    return presentReviewCase(reviewCase, decisions, (name) => `${base}/${name}`);
  }

  @Get('sessions/:sessionId/case/images/:image')
  async caseImage(
    @InProject() scope: ProjectScope,
    @Param('sessionId') sessionId: string,
    @Param('image') rawImage: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // Set first, so that a refusal (404 once purged) is not stored either.
    void reply.headers({
      ...NO_STORE,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
      'cross-origin-resource-policy': 'same-origin',
    });
    const parsed = caseImageParam.safeParse(rawImage);
    if (!parsed.success) throw new KycError(ErrorCode.NOT_FOUND, `No such image; one of ${CASE_IMAGE_NAMES.join(', ')}`);
    const image = await this.clients.session.getCaseImage({ projectId: scope.projectId, sessionId, image: parsed.data });
    void reply
      .header('content-disposition', 'inline')
      .type(image.mediaType || 'image/jpeg')
      .send(Buffer.from(image.image));
  }

  @Get('sessions/:sessionId/history')
  async history(@InProject() scope: ProjectScope, @Param('sessionId') sessionId: string): Promise<z.infer<typeof sessionHistoryResponse>> {
    const history = await this.clients.session.getSessionHistory({ projectId: scope.projectId, sessionId });
    const { deliveries } = await this.clients.webhook.listSessionDeliveries({ projectId: scope.projectId, sessionId: history.session!.id });
    return presentSessionHistory(history, deliveries);
  }
}

/** `GET /admin/v1/audit-log.csv?operatorId=&action=&before=`: the audit log, newest first, as CSV (admin only). */
@Controller('admin/v1')
@UseGuards(AdminTokenGuard)
export class AuditExportAdminController {
  constructor(private readonly clients: ServiceClients) {}

  @Get('audit-log.csv')
  async exportAuditLog(@Query() rawQuery: unknown, @Res() reply: FastifyReply): Promise<void> {
    void reply.headers(NO_STORE);
    const query = auditExportQuery.parse(rawQuery ?? {});
    const lines = [auditCsvHeader()];
    let before = query.before ?? '';
    let rows = 0;
    let truncated = false;
    for (;;) {
      const page = await this.clients.session.listAuditEntries({
        operatorId: query.operatorId ?? '',
        action: query.action ?? '',
        limit: 200,
        before,
      });
      for (const entry of page.entries) {
        lines.push(auditCsvRow({ ...entry, target: entry.target || null }));
        rows += 1;
      }
      if (!page.nextBefore) break;
      if (rows >= AUDIT_EXPORT_MAX_ROWS) {
        truncated = true;
        break;
      }
      before = page.nextBefore;
    }
    void reply
      .headers({
        'content-disposition': `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
        'x-content-type-options': 'nosniff',
        ...(truncated ? { 'x-audit-export-truncated': 'true' } : {}),
      })
      .type('text/csv; charset=utf-8; header=present')
      .send(lines.join(''));
  }
}
