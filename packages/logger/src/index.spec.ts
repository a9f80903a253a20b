import { Writable } from 'node:stream';
import { ROOT_CONTEXT, TraceFlags, context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { NOT_LOGGED, createLogger } from './index';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('test', 'info', sink), lines };
}

describe(createLogger.name, () => {
  it('writes only allowed fields: keys, e-mails, names, birth dates, IPs and user agents are left out, nested ones too', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        authorization: 'Bearer sk_test_abc',
        user: { email: 'a@b.c', firstName: 'Jane' },
        documentNumber: 'X123',
        extractedData: { fullName: 'Jane Roe' },
        dateOfBirth: '1985-03-12',
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (Jane)',
        clientMetadata: { email: 'a@b.c' },
        sessionId: 's-1',
        statusCode: 200,
      },
      'hello',
    );
    const line = lines.join('');
    for (const personal of ['sk_test_abc', 'a@b.c', 'Jane', 'X123', '1985-03-12', '203.0.113.7', 'Mozilla'])
      expect(line).not.toContain(personal);
    expect(JSON.parse(line)).toMatchObject({ service: 'test', sessionId: 's-1', statusCode: 200, msg: 'hello', dateOfBirth: NOT_LOGGED });
  });

  it("keeps an error's type, message, code and stack, never a database error's parameters or detail", () => {
    const { logger, lines } = capture();
    const failed = Object.assign(new Error('duplicate key value violates unique constraint "consents_pkey"'), {
      code: '23505',
      detail: 'Key (email)=(jane.roe@example.com) already exists.',
      parameters: ['jane.roe@example.com', '203.0.113.7'],
      query: 'INSERT INTO session.consents …',
    });
    logger.error({ err: failed, sessionId: 's-2' }, 'query failed');
    const line = lines.join('');
    expect(line).not.toContain('jane.roe@example.com');
    expect(line).not.toContain('203.0.113.7');
    expect(JSON.parse(line).err).toEqual({
      type: 'Error',
      message: expect.stringContaining('duplicate key'),
      code: '23505',
      stack: expect.any(String),
    });
  });

  it("writes the active span's trace and span ids, and none outside a span", async () => {
    const manager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(manager);
    try {
      const { logger, lines } = capture();
      const spanContext = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: TraceFlags.SAMPLED };
      await context.with(trace.setSpanContext(ROOT_CONTEXT, spanContext), async () => {
        await Promise.resolve();
        logger.info({ sessionId: 's-3' }, 'inside');
      });
      logger.info('outside');
      const [inside, outside] = lines.map((line) => JSON.parse(line));
      expect(inside).toMatchObject({ traceId: spanContext.traceId, spanId: spanContext.spanId, sessionId: 's-3' });
      expect(outside.traceId).toBeUndefined();
    } finally {
      context.disable();
    }
  });
});
