import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { session } from '@kyc/contracts';
import { ServiceClients } from '../../infrastructure/service-clients';
import { AdminTokenGuard } from './admin-token.guard';
import { fromProtoEnvironment, toProtoEnvironment } from './environment-mapping';
import {
  adminEnvironmentParam, balanceBody, balanceHistoryQuery, createProjectBody, creditLimitBody, listSessionsQuery, reviewBody, scoringPolicyBody, trialBody, webhookBody,
} from './request-schemas';
import { presentScoringPolicy, presentStoredDecision } from './scoring-admin-presenters';

function presentKeys(keys: session.EnvironmentKeys) {
  return { secretKey: keys.secretKey, publishableKey: keys.publishableKey, secretKeyId: keys.secretKeyId, publishableKeyId: keys.publishableKeyId };
}

function presentApiKey(key: session.ApiKey) {
  return {
    id: key.id,
    environment: fromProtoEnvironment(key.environment),
    kind: key.kind,
    prefix: key.prefix,
    status: key.status,
    createdAt: key.createdAt,
    revokedAt: key.revokedAt || null,
    ...(key.publishableKey ? { publishableKey: key.publishableKey } : {}),
  };
}

/** The operator's admin API (bearer adminToken); documented in the README and used by the CLI. */
@Controller('admin/v1')
@UseGuards(AdminTokenGuard)
export class AdminController {
  constructor(private readonly clients: ServiceClients) {}

  @Post('projects')
  @HttpCode(201)
  async createProject(@Body() rawBody: unknown) {
    const body = createProjectBody.parse(rawBody ?? {});
    const created = await this.clients.session.createProject({ name: body.name, accountName: body.accountName ?? body.name });
    const keys = Object.fromEntries(created.keys.map((k) => [fromProtoEnvironment(k.environment), presentKeys(k)]));
    return { project: created.project, keys };
  }

  @Get('projects')
  async listProjects() {
    return this.clients.session.listProjects({});
  }

  @Get('projects/:projectId')
  getProject(@Param('projectId') projectId: string) {
    return this.clients.session.getProject({ projectId });
  }

  @Post('projects/:projectId/approve')
  @HttpCode(200)
  approveProject(@Param('projectId') projectId: string) {
    return this.clients.session.approveProject({ projectId });
  }

  @Get('projects/:projectId/keys')
  async listKeys(@Param('projectId') projectId: string) {
    const { keys } = await this.clients.session.listApiKeys({ projectId });
    return { keys: keys.map(presentApiKey) };
  }

  @Post('projects/:projectId/environments/:environment/keys/rotate')
  @HttpCode(200)
  async rotateKeys(@Param('projectId') projectId: string, @Param('environment') environment: string) {
    const name = adminEnvironmentParam.parse(environment);
    const keys = await this.clients.session.rotateApiKeys({ projectId, environment: toProtoEnvironment(name) });
    return { environment: name, ...presentKeys(keys) };
  }

  @Post('projects/:projectId/keys/:keyId/revoke')
  @HttpCode(200)
  async revokeKey(@Param('projectId') projectId: string, @Param('keyId') keyId: string) {
    return presentApiKey(await this.clients.session.revokeApiKey({ projectId, keyId }));
  }

  @Put('projects/:projectId/environments/:environment/webhook')
  async setWebhook(@Param('projectId') projectId: string, @Param('environment') environment: string, @Body() rawBody: unknown) {
    const name = adminEnvironmentParam.parse(environment);
    const { url } = webhookBody.parse(rawBody ?? {});
    await this.clients.session.getProject({ projectId });
    const endpoint = await this.clients.webhook.setEndpoint({ projectId, environment: name, url });
    return { url: endpoint.url, secret: endpoint.secret };
  }

  @Get('projects/:projectId/environments/:environment/webhook/deliveries')
  async listDeliveries(@Param('projectId') projectId: string, @Param('environment') environment: string, @Query() rawQuery: unknown) {
    const name = adminEnvironmentParam.parse(environment);
    const { limit } = listSessionsQuery.pick({ limit: true }).parse(rawQuery ?? {});
    await this.clients.session.getProject({ projectId });
    return this.clients.webhook.listDeliveries({ projectId, environment: name, limit });
  }

  @Post('projects/:projectId/webhook/deliveries/:deliveryId/replay')
  @HttpCode(200)
  async replayDelivery(@Param('projectId') projectId: string, @Param('deliveryId') deliveryId: string) {
    await this.clients.session.getProject({ projectId });
    return this.clients.webhook.replayDelivery({ projectId, deliveryId });
  }

  @Post('projects/:projectId/environments/:environment/balance')
  @HttpCode(200)
  async topUp(@Param('projectId') projectId: string, @Param('environment') environment: string, @Body() rawBody: unknown) {
    const name = adminEnvironmentParam.parse(environment);
    const { amount } = balanceBody.parse(rawBody ?? {});
    await this.clients.session.getProject({ projectId });
    return this.clients.billing.topUp({ projectId, environment: name, amount });
  }

  @Get('projects/:projectId/environments/:environment/balance')
  async getBalance(@Param('projectId') projectId: string, @Param('environment') environment: string) {
    const name = adminEnvironmentParam.parse(environment);
    await this.clients.session.getProject({ projectId });
    return this.clients.billing.getBalance({ projectId, environment: name });
  }

  @Put('projects/:projectId/environments/:environment/trial')
  async setTrial(@Param('projectId') projectId: string, @Param('environment') environment: string, @Body() rawBody: unknown) {
    const name = adminEnvironmentParam.parse(environment);
    const { trialRemaining } = trialBody.parse(rawBody ?? {});
    await this.clients.session.getProject({ projectId });
    return this.clients.billing.setTrial({ projectId, environment: name, trialRemaining });
  }

  @Put('projects/:projectId/environments/:environment/credit-limit')
  async setCreditLimit(@Param('projectId') projectId: string, @Param('environment') environment: string, @Body() rawBody: unknown) {
    const name = adminEnvironmentParam.parse(environment);
    const { creditLimit } = creditLimitBody.parse(rawBody ?? {});
    await this.clients.session.getProject({ projectId });
    return this.clients.billing.setCreditLimit({ projectId, environment: name, creditLimit });
  }

  @Get('projects/:projectId/environments/:environment/balance/history')
  async balanceHistory(@Param('projectId') projectId: string, @Param('environment') environment: string, @Query() rawQuery: unknown) {
    const name = adminEnvironmentParam.parse(environment);
    const query = balanceHistoryQuery.parse(rawQuery ?? {});
    await this.clients.session.getProject({ projectId });
    const { entries } = await this.clients.billing.listLedger({ projectId, environment: name, limit: query.limit, before: query.before ?? '' });
    const presented = entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amount: entry.amount,
      source: entry.source || null,
      sessionId: entry.sessionId || null,
      balanceAfter: entry.balanceAfter ?? null,
      trialRemainingAfter: entry.trialRemainingAfter ?? null,
      creditLimitAfter: entry.creditLimitAfter ?? null,
      createdAt: entry.createdAt,
    }));
    return { entries: presented, nextBefore: presented.length === query.limit ? presented[presented.length - 1].id : null };
  }

  /** test is accepted here so that the scoring service answers why it has no policy (personas decide). */
  @Get('projects/:projectId/environments/:environment/scoring-policy')
  async getScoringPolicy(@Param('projectId') projectId: string, @Param('environment') environment: string) {
    const name = adminEnvironmentParam.parse(environment);
    await this.clients.session.getProject({ projectId });
    return presentScoringPolicy(await this.clients.scoring.getPolicy({ projectId, environment: name }));
  }

  /** Replaces the whole override set: a setting left out goes back to its default, `{}` resets. */
  @Put('projects/:projectId/environments/:environment/scoring-policy')
  async setScoringPolicy(@Param('projectId') projectId: string, @Param('environment') environment: string, @Body() rawBody: unknown) {
    const name = adminEnvironmentParam.parse(environment);
    // No `?? {}`: a request without a body must not reset a policy by accident.
    const body = scoringPolicyBody.parse(rawBody);
    await this.clients.session.getProject({ projectId });
    const overrides = { autoApproveThreshold: body.autoApproveThreshold, weights: body.weights, lowSeverityPenalty: body.lowSeverityPenalty, duplicates: body.duplicates };
    const policy = await this.clients.scoring.setPolicy({ projectId, environment: name, overrides });
    return presentScoringPolicy(policy);
  }

  /** For reviewers and operators: the stored explanation with internal codes and details. */
  @Get('projects/:projectId/sessions/:sessionId/decisions')
  async listDecisions(@Param('projectId') projectId: string, @Param('sessionId') sessionId: string) {
    await this.clients.session.getProject({ projectId });
    const { decisions } = await this.clients.scoring.listDecisions({ projectId, sessionId });
    return { decisions: decisions.map(presentStoredDecision) };
  }

  @Get('projects/:projectId/sessions')
  async listSessions(@Param('projectId') projectId: string, @Query() rawQuery: unknown) {
    const query = listSessionsQuery.parse(rawQuery ?? {});
    const { sessions } = await this.clients.session.listSessions({
      projectId,
      environment: query.environment ? toProtoEnvironment(query.environment) : session.Environment.ENVIRONMENT_UNSPECIFIED,
      status: query.status ?? '',
      limit: query.limit,
    });
    return { sessions: sessions.map((s) => ({ ...s, environment: fromProtoEnvironment(s.environment) })) };
  }

  /** A reviewer's decision on a session in manual_review: approve → completed, reject → rejected (spec part 3). */
  @Post('projects/:projectId/sessions/:sessionId/review')
  @HttpCode(200)
  review(@Param('projectId') projectId: string, @Param('sessionId') sessionId: string, @Body() rawBody: unknown) {
    const body = reviewBody.parse(rawBody ?? {});
    return this.clients.session.reviewSession({ projectId, sessionId, decision: body.decision, reviewer: body.reviewer, reason: body.reason ?? '' });
  }
}
