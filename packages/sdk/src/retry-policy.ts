/**
 * When a failed attempt is tried again, in the manner of Stripe's clients: only when repeating the
 * request cannot do something twice, after a capped exponential backoff with jitter, or after the
 * server's `Retry-After`.
 */

/**
 * How safe a request is to repeat:
 * - `repeatable`: repeating cannot do anything twice (reads; a session create, which carries one
 *   Idempotency-Key on every attempt; device data, which merges; a metadata update, which replaces).
 *   Retried after connection errors, timeouts, 5xx, 429 and the 409 of a create still in flight.
 * - `once`: an upload or a submit, which the gateway does not deduplicate. Retried only when the
 *   server surely did not act: the connection was refused, 429, or 503 (a service at capacity
 *   answers 503 before it analyses anything).
 */
export type RepeatSafety = 'repeatable' | 'once';

export interface BackoffOptions {
  /** Delay before the first retry, before jitter. Default 500 ms. */
  initialDelayMs: number;
  /** Cap of the exponential delay. Default 8 s. */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the error is thrown. Default 60 s. */
  maxRetryAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };

/** A failed attempt: an answer (status, errorCode, Retry-After) or no answer (a network error code). */
export type AttemptFailure =
  | { kind: 'answer'; status: number; errorCode: string | undefined; retryAfterMs: number | undefined }
  | { kind: 'no-answer'; connectionRefused: boolean };

/** Whether to try again; `retriesDone` counts the retries already made. */
export function shouldRetry(failure: AttemptFailure, safety: RepeatSafety, retriesDone: number, maxRetries: number): boolean {
  if (retriesDone >= maxRetries) return false;
  if (failure.kind === 'no-answer') return safety === 'repeatable' || failure.connectionRefused;
  const { status } = failure;
  if (status === 429 || status === 503) return true;
  // The spec's only retryable 409 on a repeatable request: an idempotent create whose first attempt is still in flight.
  if (status === 409) return safety === 'repeatable' && failure.errorCode === 'IDEMPOTENCY_IN_FLIGHT';
  if (status >= 500) return safety === 'repeatable';
  return false;
}

/**
 * The wait before retry number `retry` (1-based): the server's Retry-After when it gave one,
 * otherwise min(max, initial·2^(retry-1)) scaled by a random factor in [0.5, 1) so clients that
 * failed together do not come back together.
 */
export function retryDelayMs(
  retry: number,
  retryAfterMs: number | undefined,
  options: BackoffOptions,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const exponential = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** (retry - 1));
  return Math.round(exponential * (0.5 + random() * 0.5));
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date (RFC 9110 10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
