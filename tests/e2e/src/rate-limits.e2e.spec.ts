import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startStack, type RunningStack } from '@kyc/stack';
import { ApiClient, type ApiResponse } from './api-client';

/**
 * Spec part 8 server-side rate limits over the running stack, with the limits set low through the
 * gateway's env vars: every limited answer carries RateLimit-*, the call over the limit is a 429
 * with Retry-After, and another environment of the project counts on its own.
 */
describe('rate limits of the server-side API over the running stack', () => {
  let stack: RunningStack;
  let api: ApiClient;
  let testKey: string;
  let sandboxKey: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-e2e-'));
    const lines: string[] = [];
    try {
      stack = await startStack({
        dataDir,
        env: {
          AUTH_CACHE_TTL_MS: '0',
          LOG_LEVEL: 'warn',
          KAFKA_BROKERS: '',
          RATE_LIMIT_SUBMITS_PER_MINUTE: '3',
          RATE_LIMIT_SESSION_CREATES_PER_MINUTE: '4',
          RATE_LIMIT_READS_PER_MINUTE: '7',
        },
        log: (line) => lines.push(line),
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${lines.slice(-30).join('\n')}`);
    }
    api = new ApiClient(stack.baseUrl);
    testKey = stack.credentials.environments.test.secretKey;
    sandboxKey = stack.credentials.environments.sandbox.secretKey;
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Windows end on the clock minute: start a test's counting well inside one. */
  const awayFromMinuteEdge = async () => {
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 500));
  };

  const rateLimitOf = (response: ApiResponse) => ({
    limit: response.headers.get('ratelimit-limit'),
    remaining: response.headers.get('ratelimit-remaining'),
    reset: Number(response.headers.get('ratelimit-reset')),
  });

  it('refuses the fourth submit of a minute with 429, Retry-After and the envelope; the sandbox environment is unaffected', async () => {
    await awayFromMinuteEdge();
    const testCreated = await api.createSession(testKey, { clientMetadata: { email: 'rate.limited@example.com' } });
    expect(testCreated.status).toBe(201);
    const session = testCreated.body;
    const sandboxCreated = await api.createSession(sandboxKey, { clientMetadata: { email: 'rate.apart@example.com' } });
    expect(sandboxCreated.status).toBe(201);
    const sandboxSession = sandboxCreated.body;

    const answers: ApiResponse[] = [];
    for (let i = 0; i < 3; i++) answers.push(await api.request('POST', `/v1/verifications/${session.id}/submit`, { key: testKey }));
    for (const [i, answer] of answers.entries()) {
      expect(answer.status).not.toBe(429);
      expect(rateLimitOf(answer)).toEqual({ limit: '3', remaining: String(2 - i), reset: expect.any(Number) });
      expect(rateLimitOf(answer).reset).toBeGreaterThanOrEqual(1);
      expect(rateLimitOf(answer).reset).toBeLessThanOrEqual(60);
      expect(answer.headers.get('retry-after')).toBeNull();
    }

    const refused = await api.request('POST', `/v1/verifications/${session.id}/submit`, { key: testKey });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      timestamp: expect.any(String),
      path: `/v1/verifications/${session.id}/submit`,
      errorCode: 'RATE_LIMITED',
      retryable: true,
      message: expect.stringContaining('limit 3 per minute'),
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(rateLimitOf(refused)).toEqual({ limit: '3', remaining: '0', reset: retryAfter });

    const read = await api.request('GET', `/v1/verifications/${session.id}`, { key: testKey });
    expect(read.status).toBe(200);
    expect(rateLimitOf(read)).toMatchObject({ limit: '7', remaining: '6' });

    const elsewhere = await api.request('POST', `/v1/verifications/${sandboxSession.id}/submit`, { key: sandboxKey });
    expect(elsewhere.status).not.toBe(429);
    expect(rateLimitOf(elsewhere)).toMatchObject({ limit: '3', remaining: '2' });
  }, 120_000);

  it('limits session creation per project environment, refused in the flat format', async () => {
    await awayFromMinuteEdge();
    const created: ApiResponse[] = [];
    let refused: ApiResponse | undefined;
    for (let i = 0; i < 6 && !refused; i++) {
      const answer = await api.request('POST', '/v1/sessions', {
        key: testKey,
        json: { clientMetadata: { email: `many.${i}@example.com` } },
      });
      if (answer.status === 429) refused = answer;
      else created.push(answer);
    }
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const answer of created) expect(answer.status).toBe(201);
    expect(created.map((answer) => answer.headers.get('ratelimit-limit'))).toEqual(created.map(() => '4'));
    expect(created.at(-1)?.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused?.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      errorCode: 'RATE_LIMITED',
      message: expect.stringContaining('session create'),
      timestamp: expect.any(String),
    });
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused?.headers.get('ratelimit-remaining')).toBe('0');

    const elsewhere = await api.request('POST', '/v1/sessions', { key: sandboxKey, json: {} });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.headers.get('ratelimit-limit')).toBe('4');
  }, 120_000);
});
