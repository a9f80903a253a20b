import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { projectEnvironments } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { requireWire } from '@kyc/grpc';
import type { FastifyReply } from 'fastify';
import { type ApiCallClass, type ApiRateLimits, decideApiCall, rateLimitHeaders } from '../../domain/api-rate-limits';
import { API_CALL_WINDOW_STORE, type ApiCallWindowStore } from '../../infrastructure/api-call-window.store';
import type { AuthenticatedRequest } from './principal';

export const API_RATE_LIMITS = Symbol('API_RATE_LIMITS');
const CALL_CLASS = 'kyc:api-call-class';

/** Marks a route as limited per project environment under a class of spec part 8. */
export const RateLimited = (callClass: ApiCallClass) => SetMetadata(CALL_CLASS, callClass);

/**
 * Counts a @RateLimited call of the caller's project environment (after SecretKeyGuard, which sets
 * the principal), sets the RateLimit-* headers on the answer, and refuses a call over the limit with
 * 429 RATE_LIMITED and Retry-After before it reaches any service. Refused calls count too: the
 * window ends on the minute all the same, so counting them keeps it one statement per call.
 */
@Injectable()
export class ApiRateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(API_CALL_WINDOW_STORE) private readonly store: ApiCallWindowStore,
    @Inject(API_RATE_LIMITS) private readonly limits: ApiRateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const callClass = this.reflector.get<ApiCallClass | undefined>(CALL_CLASS, context.getHandler());
    if (!callClass) return true;
    const http = context.switchToHttp();
    const { projectId, environment } = http.getRequest<AuthenticatedRequest>().principal;
    const window = await this.store.record(
      { projectId, environment: requireWire(projectEnvironments, environment, 'environment') },
      callClass,
    );
    const decision = decideApiCall(this.limits[callClass], window);
    void http.getResponse<FastifyReply>().headers(rateLimitHeaders(decision));
    if (decision.admitted) return true;
    throw new KycError(
      ErrorCode.RATE_LIMITED,
      `Too many ${callClass.replace(/_/g, ' ')} calls for this project environment (limit ${decision.limit} per minute); retry in ${decision.resetSeconds} s`,
    );
  }
}
