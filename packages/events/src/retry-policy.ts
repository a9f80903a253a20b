/**
 * How a consumer retries a handler that failed on an event, on both transports: the same event
 * is attempted up to `maxAttempts` times, waiting `baseDelayMs · 2^(n-1)` (capped at
 * `maxDelayMs`, then spread by ±`jitter`) after the n-th failure, and then it is written to
 * `eventbus.dead_letters` and the consumer moves on (see dead-letters/).
 */
export interface RetryPolicy {
  /** Attempts of one event, the first included, before it is dead-lettered. */
  maxAttempts: number;
  /** The wait after the first failure; each further failure doubles it. */
  baseDelayMs: number;
  /** No wait is longer than this (before jitter). */
  maxDelayMs: number;
  /** Each wait is spread uniformly by this fraction either way, so replicas retrying a shared dependency do not stampede in step. */
  jitter: number;
}

/** Attempts of one event before it is dead-lettered: about 80 s of retries with the waits below, long enough to ride out a database failover or a receiver's restart. */
export const MAX_HANDLER_ATTEMPTS = 10;
/** The first retry waits 200 ms. */
export const RETRY_BASE_DELAY_MS = 200;
/** Waits stop doubling at 30 s (reached at the 9th failure: 0.2, 0.4, … 25.6, 30 s). */
export const RETRY_MAX_DELAY_MS = 30_000;
/** ±20 %. */
export const RETRY_JITTER = 0.2;

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxAttempts: MAX_HANDLER_ATTEMPTS,
  baseDelayMs: RETRY_BASE_DELAY_MS,
  maxDelayMs: RETRY_MAX_DELAY_MS,
  jitter: RETRY_JITTER,
});

/** The wait before the next attempt, after `failures` failed attempts (1 or more). */
export function retryDelayMs(failures: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY, random: () => number = Math.random): number {
  const exponent = Math.max(0, failures - 1);
  // 2 ** exponent overflows to Infinity long after the cap; Math.min keeps it finite.
  const capped = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
  const spread = 1 + policy.jitter * (2 * random() - 1);
  return Math.max(0, Math.round(capped * spread));
}

/** The error as kept with a dead letter: its message only (never a stack or payload dump), cut to about 1 KB. */
export function describeFailure(error: unknown, maxChars = 1024): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}
