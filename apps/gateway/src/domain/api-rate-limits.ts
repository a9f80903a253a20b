/**
 * Spec part 8: server-side calls per project environment per minute. Uploads (documents and face)
 * 120, submit 30, reading a verification 300; session creation is not given by the spec, we limit
 * it to 60 (README, "API decisions where the spec is open"). Operators may change every number.
 *
 * Fixed 1-minute windows aligned to the clock minute, not a sliding window. A fixed window lets a
 * caller spend a full quota just before a minute ends and another just after, up to 2x the limit
 * in a short stretch at the edge; a sliding-window counter (two buckets, the previous one weighted)
 * would smooth that. We keep the fixed window because it is what the spec's "per minute" reads as,
 * it is exact (no estimate that can refuse a call the caller could count as allowed), and its
 * reset instant is the same for every replica and every caller, so RateLimit-Reset and Retry-After
 * are true statements rather than estimates. The 2x edge burst is bounded and short.
 */
export const API_RATE_WINDOW_MS = 60_000;

export const API_CALL_CLASSES = ['upload', 'submit', 'read', 'session_create'] as const;
export type ApiCallClass = (typeof API_CALL_CLASSES)[number];
export type ApiRateLimits = Record<ApiCallClass, number>;

export const DEFAULT_API_RATE_LIMITS: ApiRateLimits = { upload: 120, submit: 30, read: 300, session_create: 60 };

/** One project environment's count of a class of calls in the current window, the call just made included. */
export interface ApiCallWindow {
  calls: number;
  windowStartedAt: Date;
  /** The store's clock when it counted the call, so every replica measures the window by the same clock. */
  observedAt: Date;
}

export interface ApiRateDecision {
  admitted: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window ends, at least 1. */
  resetSeconds: number;
}

export function decideApiCall(limit: number, window: ApiCallWindow): ApiRateDecision {
  const endsAt = window.windowStartedAt.getTime() + API_RATE_WINDOW_MS;
  const resetSeconds = Math.max(1, Math.ceil((endsAt - window.observedAt.getTime()) / 1000));
  return { admitted: window.calls <= limit, limit, remaining: Math.max(0, limit - window.calls), resetSeconds };
}

/**
 * Headers of draft-ietf-httpapi-ratelimit-headers-06 (the last revision with the three separate
 * fields; -07 on fold them into `RateLimit` and `RateLimit-Policy`): RateLimit-Limit,
 * RateLimit-Remaining and RateLimit-Reset (delta seconds). A refused call adds Retry-After (RFC 9110),
 * the same number of seconds as RateLimit-Reset.
 */
export function rateLimitHeaders(decision: ApiRateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
  };
  if (!decision.admitted) headers['retry-after'] = String(decision.resetSeconds);
  return headers;
}
