import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Logger } from '@kyc/logger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { buildErrorResponse } from '../../domain/error-response';
import { toKycError } from './error-mapping';

/** Sends any error as the spec's envelope or our flat format, by path. Used by Nest and Fastify alike. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply, logger: Logger): void {
  const { error: kycError, unexpected } = toKycError(error);
  if (unexpected) logger.error({ err: error, path: request.routeOptions?.url, reqId: request.id }, 'unexpected error');
  const path = request.url.split('?')[0];
  const body = buildErrorResponse({ code: kycError.code, message: kycError.message, details: kycError.details, path, now: new Date() });
  // A service at capacity (admission control) says when to come back; so does the answer (RFC 9110 Retry-After).
  const retryAfter = typeof kycError.details === 'object' ? kycError.details.retryAfterSeconds : undefined;
  if (kycError.definition.retryable && typeof retryAfter === 'number' && retryAfter > 0)
    void reply.header('retry-after', String(Math.ceil(retryAfter)));
  void reply.status(kycError.definition.httpStatus).header('content-type', 'application/json; charset=utf-8').send(body);
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendError(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), this.logger);
  }
}
