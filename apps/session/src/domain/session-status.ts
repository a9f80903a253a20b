/** Session statuses (spec part 3). */
export const SESSION_STATUSES = [
  'pending', 'connected', 'processing', 'completed', 'failed', 'expired', 'manual_review', 'action_required', 'rejected', 'superseded',
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Closed for good: nothing changes them any more (spec part 3, rules 3–5, and expiry). */
export const CLOSED_STATUSES: readonly SessionStatus[] = ['completed', 'rejected', 'superseded', 'expired'];

/**
 * Statuses whose TTL can run out. manual_review never expires (rule 2); processing is bounded by
 * the pipeline's own deadlines, so expiring it would strand an attempt mid-flight.
 */
export const EXPIRABLE_STATUSES: readonly SessionStatus[] = ['pending', 'connected', 'failed', 'action_required'];

export function isSessionStatus(value: string): value is SessionStatus {
  return (SESSION_STATUSES as readonly string[]).includes(value);
}

export function isClosed(status: SessionStatus): boolean {
  return CLOSED_STATUSES.includes(status);
}

export function isExpirable(status: SessionStatus): boolean {
  return EXPIRABLE_STATUSES.includes(status);
}
