import { Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import { decide, fingerprintRequest } from '../../domain/idempotency';
import { IdempotencyRepository } from '../../infrastructure/idempotency.repository';
import { ServiceClients } from '../../infrastructure/service-clients';
import { ApiRateLimitGuard, RateLimited } from './api-rate-limit.guard';
import { ClosedVerificationReads } from './closed-verification-reads';
import type { AuthenticatedRequest } from './principal';
import { presentCreatedSession, presentSession } from './presenters';
import { createSessionBody, idempotencyKey, sessionIdParam, updateSessionBody } from './request-schemas';
import { SecretKeyGuard } from './secret-key.guard';

/** Spec 4.1–4.3. Errors here use the flat format. */
@Controller('v1/sessions')
@UseGuards(SecretKeyGuard, ApiRateLimitGuard)
export class SessionsController {
  constructor(
    private readonly clients: ServiceClients,
    private readonly idempotency: IdempotencyRepository,
    private readonly closedVerifications: ClosedVerificationReads,
  ) {}

  @Post()
  @HttpCode(201)
  @RateLimited('session_create')
  async create(@Req() request: AuthenticatedRequest, @Body() rawBody: unknown, @Headers('idempotency-key') rawKey?: string) {
    const body = createSessionBody.parse(rawBody ?? {});
    const key = rawKey === undefined ? undefined : idempotencyKey.parse(rawKey);
    const requestHash = fingerprintRequest(request.principal.environment, body);
    const create = async () =>
      presentCreatedSession(
        await this.clients.session.createSession({
          principal: request.principal,
          clientMetadataJson: JSON.stringify(body.clientMetadata ?? {}),
          language: body.language ?? '',
          expiryMinutes: body.expiryMinutes ?? 0,
          // The session service makes the key's session once, even when this answer is lost.
          idempotencyKey: key ?? '',
          idempotencyFingerprint: key ? requestHash : '',
        }),
      );
    if (key === undefined) return create();

    const { projectId } = request.principal;
    if (!(await this.idempotency.claim(projectId, key, requestHash))) {
      const decision = decide(await this.idempotency.find(projectId, key), requestHash, new Date());
      switch (decision.kind) {
        case 'replay':
          return decision.body;
        case 'in_flight':
          throw new KycError(ErrorCode.IDEMPOTENCY_IN_FLIGHT);
        case 'mismatch':
          throw new KycError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
        case 'proceed':
          // The record vanished between claim and read (its first request failed): the caller may retry.
          throw new KycError(ErrorCode.IDEMPOTENCY_IN_FLIGHT);
      }
    }
    let created: Awaited<ReturnType<typeof create>>;
    try {
      created = await create();
    } catch (error) {
      await this.idempotency.release(projectId, key);
      throw error;
    }
    // The session exists: answer it even if the replay record cannot be written. Releasing the key
    // then lets a retry through to the session service, which answers the same session.
    await this.idempotency
      .complete(projectId, key, 201, created)
      .catch(() => this.idempotency.release(projectId, key).catch(() => undefined));
    return created;
  }

  @Get(':sessionId')
  async get(@Req() request: AuthenticatedRequest, @Param('sessionId') sessionId: string) {
    return presentSession(
      await this.clients.session.getSession({ principal: request.principal, sessionId: sessionIdParam.parse(sessionId) }),
    );
  }

  /** The update operation (spec 4.3): replaces clientMetadata. */
  @Patch(':sessionId')
  async update(@Req() request: AuthenticatedRequest, @Param('sessionId') sessionId: string, @Body() rawBody: unknown) {
    const body = updateSessionBody.parse(rawBody ?? {});
    this.closedVerifications.forget(request.principal.projectId, request.principal.environment, sessionId);
    const updated = await this.clients.session.updateSession({
      principal: request.principal,
      sessionId: sessionIdParam.parse(sessionId),
      clientMetadataJson: JSON.stringify(body.clientMetadata),
    });
    return presentSession(updated);
  }
}
