import { API_RATE_WINDOW_MS, DEFAULT_API_RATE_LIMITS, decideApiCall, rateLimitHeaders } from './api-rate-limits';

describe(decideApiCall.name, () => {
  const windowStartedAt = new Date('2026-11-26T10:00:00Z');
  const at = (ms: number) => new Date(windowStartedAt.getTime() + ms);

  it('keeps the spec numbers (uploads 120, submit 30, read 300) and ours for session creation (60), per minute', () => {
    expect(DEFAULT_API_RATE_LIMITS).toEqual({ upload: 120, submit: 30, read: 300, session_create: 60 });
    expect(API_RATE_WINDOW_MS).toBe(60_000);
  });

  it('admits calls up to the limit and counts down what remains', () => {
    expect(decideApiCall(30, { calls: 1, windowStartedAt, observedAt: at(0) })).toEqual({
      admitted: true,
      limit: 30,
      remaining: 29,
      resetSeconds: 60,
    });
    expect(decideApiCall(30, { calls: 30, windowStartedAt, observedAt: at(20_000) })).toEqual({
      admitted: true,
      limit: 30,
      remaining: 0,
      resetSeconds: 40,
    });
    expect(decideApiCall(30, { calls: 31, windowStartedAt, observedAt: at(20_000) })).toEqual({
      admitted: false,
      limit: 30,
      remaining: 0,
      resetSeconds: 40,
    });
  });

  it('rounds the time to the window end up to whole seconds, at least one', () => {
    expect(decideApiCall(3, { calls: 4, windowStartedAt, observedAt: at(59_001) }).resetSeconds).toBe(1);
    expect(decideApiCall(3, { calls: 4, windowStartedAt, observedAt: at(58_999) }).resetSeconds).toBe(2);
    expect(decideApiCall(3, { calls: 4, windowStartedAt, observedAt: at(API_RATE_WINDOW_MS) }).resetSeconds).toBe(1);
  });
});

describe(rateLimitHeaders.name, () => {
  it('answers an admitted call with the three RateLimit fields and no Retry-After', () => {
    expect(rateLimitHeaders({ admitted: true, limit: 120, remaining: 7, resetSeconds: 13 })).toEqual({
      'ratelimit-limit': '120',
      'ratelimit-remaining': '7',
      'ratelimit-reset': '13',
    });
  });

  it('adds Retry-After, equal to the reset, to a refused call', () => {
    expect(rateLimitHeaders({ admitted: false, limit: 30, remaining: 0, resetSeconds: 41 })).toEqual({
      'ratelimit-limit': '30',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '41',
      'retry-after': '41',
    });
  });
});
