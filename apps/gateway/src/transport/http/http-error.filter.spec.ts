import { ErrorCode, KycError } from '@kyc/errors';
import { createLogger } from '@kyc/logger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './http-error.filter';

/** What sendError wrote: status, headers and body. */
function recordReply() {
  const sent = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
  const reply = {
    status(code: number) {
      sent.status = code;
      return reply;
    },
    header(name: string, value: string) {
      sent.headers[name.toLowerCase()] = value;
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent };
}

describe(sendError.name, () => {
  const logger = createLogger('gateway-test', 'silent');
  const request = (url: string) => ({ url, id: 'r-1', routeOptions: { url } }) as unknown as FastifyRequest;

  it('tells the caller when to come back from a service at capacity: 503 with Retry-After, in the envelope', () => {
    const { reply, sent } = recordReply();
    sendError(
      new KycError(ErrorCode.SERVICE_UNAVAILABLE, 'The document service is at capacity; try again in 2 s', { retryAfterSeconds: 2 }),
      request('/v1/verifications/s-1/documents'),
      reply,
      logger,
    );
    expect(sent.status).toBe(503);
    expect(sent.headers['retry-after']).toBe('2');
    expect(sent.body).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE', retryable: true, details: { retryAfterSeconds: 2 } });
  });

  it('sends no Retry-After for an error that is not worth retrying', () => {
    const { reply, sent } = recordReply();
    sendError(new KycError(ErrorCode.BALANCE_EXHAUSTED, 'no balance', { retryAfterSeconds: 5 }), request('/v1/sessions'), reply, logger);
    expect(sent.status).toBe(402);
    expect(sent.headers['retry-after']).toBeUndefined();
  });
});
