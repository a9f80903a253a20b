import { DEFAULT_BACKOFF, parseRetryAfter, retryDelayMs, shouldRetry } from './retry-policy';

describe('retry policy', () => {
  it('backs off exponentially up to the cap, with jitter between half and all of the delay', () => {
    const low = [1, 2, 3, 4, 5, 6].map((retry) => retryDelayMs(retry, undefined, DEFAULT_BACKOFF, () => 0));
    const high = [1, 2, 3, 4, 5, 6].map((retry) => retryDelayMs(retry, undefined, DEFAULT_BACKOFF, () => 0.999999));
    expect(low).toEqual([250, 500, 1000, 2000, 4000, 4000]);
    expect(high).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });

  it('uses Retry-After when the server gave one', () => {
    expect(retryDelayMs(1, 3000, DEFAULT_BACKOFF, () => 0)).toBe(3000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-27T08:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Fri, 27 Nov 2026 08:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('retries only what cannot do something twice', () => {
    const answer = (status: number, errorCode?: string) => ({ kind: 'answer' as const, status, errorCode, retryAfterMs: undefined });
    expect(shouldRetry(answer(409, 'IDEMPOTENCY_IN_FLIGHT'), 'repeatable', 0, 2)).toBe(true);
    expect(shouldRetry(answer(409, 'KYC_SESSION_PROCESSING'), 'repeatable', 0, 2)).toBe(false);
    expect(shouldRetry(answer(409, 'IDEMPOTENCY_IN_FLIGHT'), 'once', 0, 2)).toBe(false);
    expect(shouldRetry(answer(502), 'repeatable', 0, 2)).toBe(true);
    expect(shouldRetry(answer(502), 'once', 0, 2)).toBe(false);
    expect(shouldRetry(answer(503), 'once', 0, 2)).toBe(true);
    expect(shouldRetry(answer(429), 'once', 1, 2)).toBe(true);
    expect(shouldRetry(answer(429), 'once', 2, 2)).toBe(false);
    expect(shouldRetry(answer(400), 'repeatable', 0, 2)).toBe(false);
    expect(shouldRetry({ kind: 'no-answer', connectionRefused: false }, 'once', 0, 2)).toBe(false);
    expect(shouldRetry({ kind: 'no-answer', connectionRefused: true }, 'once', 0, 2)).toBe(true);
  });
});
