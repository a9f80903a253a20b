/** Session statuses (spec part 3). */
export const SESSION_STATUSES = [
  'pending',
  'connected',
  'processing',
  'completed',
  'failed',
  'expired',
  'manual_review',
  'action_required',
  'rejected',
  'superseded',
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** What an action_required session asks for (spec 2.8). */
export const NEXT_ACTIONS = ['resubmit_front', 'resubmit_back'] as const;
export type NextAction = (typeof NEXT_ACTIONS)[number];

export function asNextAction(value: string | null | undefined): NextAction | undefined {
  return NEXT_ACTIONS.find((action) => action === value);
}

/** Closed for good: nothing changes them any more (spec part 3, rules 3–5). */
export const CLOSED_STATUSES: readonly SessionStatus[] = ['completed', 'rejected', 'superseded', 'expired'];

/** Statuses whose TTL can run out (manual_review never expires; processing is bounded by its attempt's lease). */
export const EXPIRABLE_STATUSES: readonly SessionStatus[] = ['pending', 'connected', 'failed', 'action_required'];
