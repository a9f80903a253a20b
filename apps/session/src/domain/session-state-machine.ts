import { ErrorCode, KycError } from '@kyc/errors';
import { EXPIRABLE_STATUSES, type NextAction, type SessionStatus } from './session-status';

export type { NextAction, SessionStatus } from './session-status';

export type Trigger =
  | 'widget_opened'
  | 'document_uploaded'
  | 'face_uploaded'
  | 'device_data_recorded'
  | 'poa_uploaded'
  | 'submitted'
  | 'pipeline_completed'
  | 'pipeline_failed'
  | 'pipeline_needs_review'
  | 'pipeline_needs_action'
  | 'review_approved'
  | 'review_rejected'
  | 'superseded_by_newer_attempt'
  | 'ttl_passed';

/** The events a transition emits (to the outbox, then as webhooks). */
export type EmittedEvent = 'verification.completed' | 'verification.status_changed';

/**
 * What a transition does beside changing the status. Billing charges on verification.completed;
 * `close_unbilled` tells it (verification.closed, no webhook) that a session ended without a
 * charge, so the unit reserved at its creation goes back. Opening an attempt is not an effect:
 * submit opens it explicitly.
 */
export type Effect =
  | { type: 'extend_ttl'; hours: number }
  | { type: 'close_unbilled' }
  | { type: 'purge_artifacts' }
  | { type: 'purge_documents' }
  | { type: 'reset_uploads' }
  | { type: 'emit'; event: EmittedEvent }
  | { type: 'increment_action_cycles' }
  | { type: 'supersede_older_reviews' };

export interface SessionSnapshot {
  status: SessionStatus;
  testMode: boolean;
  expiresAt: Date;
  actionCycles: number;
  nextAction: NextAction | null;
}

export interface TransitionContext {
  now: Date;
  side?: 'front' | 'back' | 'main';
  nextAction?: NextAction;
}

export interface TransitionResult {
  to: SessionStatus;
  effects: Effect[];
}

/** After this many re-collection cycles a session goes to manual_review instead of looping (spec part 8). */
export const MAX_ACTION_CYCLES = 2;
/** action_required extends the TTL to 24 hours (spec part 8). */
export const ACTION_REQUIRED_TTL_HOURS = 24;

/**
 * The longest a session can stay open: its TTL, then a fresh 24 h for each action_required cycle
 * (spec part 3, rule 6; part 8). The embed token's own expiry is this ceiling; whether a device
 * call still counts is the session's state at the time of the call, not the token's.
 */
export function longestLife(createdAt: Date, expiryMinutes: number): Date {
  return new Date(createdAt.getTime() + expiryMinutes * 60_000 + MAX_ACTION_CYCLES * ACTION_REQUIRED_TTL_HOURS * 3_600_000);
}

/**
 * Every terminal state purges (docs/retention.md). A completion purges the document images, the
 * proof-of-address files and the document service's extracted state, which nothing reads once
 * the decision is made (the read's extractedData is the attempt's copy in the session service);
 * the face embedding stays: it is the duplicate index's and vault reuse's enrolled face, kept
 * for the project's biometric retention (RetentionSweeper).
 */
const PURGE_DOCUMENTS: Effect = { type: 'purge_documents' };
const COMPLETED_EFFECTS: Effect[] = [
  { type: 'emit', event: 'verification.completed' },
  { type: 'supersede_older_reviews' },
  PURGE_DOCUMENTS,
];
/**
 * Purged: a failure (spec part 3), an expiry (our choice: an expired session can never produce a
 * verification, so its images and embedding have no purpose left), a rejection and a superseded
 * review (terminal, and never enrolled: nothing reads their images or face again).
 */
const PURGE: Effect[] = [{ type: 'purge_artifacts' }];
const CLOSE_UNBILLED: Effect = { type: 'close_unbilled' };
const EXPIRE: Effect[] = [...PURGE, CLOSE_UNBILLED];
const ACTION_EFFECTS: Effect[] = [{ type: 'extend_ttl', hours: ACTION_REQUIRED_TTL_HOURS }, { type: 'increment_action_cycles' }];

export type Guard = (session: SessionSnapshot, context: TransitionContext) => boolean;

/** One row of the table: from a status, on a trigger, when the guard holds, go to `to` with effects — or refuse with `reject`. */
export interface TransitionRow {
  from: SessionStatus;
  trigger: Trigger;
  when?: { description: string; holds: Guard };
  to?: SessionStatus;
  effects?: Effect[];
  reject?: ErrorCode;
}

const WRITES: Trigger[] = ['document_uploaded', 'face_uploaded', 'device_data_recorded', 'poa_uploaded'];
const sideNamed = (s: SessionSnapshot, c: TransitionContext) =>
  c.side !== undefined && (s.nextAction === 'resubmit_back' ? 'back' : 'front') === c.side;
const cyclesLeft = (s: SessionSnapshot) => s.actionCycles < MAX_ACTION_CYCLES;

/**
 * The session state machine (spec part 3) as data. Rows are tried in order; the first whose
 * from/trigger match and whose guard holds decides. A caller's move that matches no row is
 * refused by `refusal()`; an internal trigger that matches no row is a programming error.
 */
export const TRANSITION_TABLE: readonly TransitionRow[] = [
  // pending: the first write (or the widget) connects; submit needs uploads except in test mode (rule 9).
  { from: 'pending', trigger: 'widget_opened', to: 'connected' },
  ...WRITES.map((trigger): TransitionRow => ({ from: 'pending', trigger, to: 'connected' })),
  { from: 'pending', trigger: 'submitted', when: { description: 'test mode', holds: (s) => s.testMode }, to: 'processing' },
  { from: 'pending', trigger: 'submitted', reject: ErrorCode.UPLOADS_MISSING },

  // connected: uploads keep it connected; submit starts processing.
  { from: 'connected', trigger: 'widget_opened', to: 'connected' },
  ...WRITES.map((trigger): TransitionRow => ({ from: 'connected', trigger, to: 'connected' })),
  { from: 'connected', trigger: 'submitted', to: 'processing' },

  // processing: the pipeline decides; callers wait (rule 8).
  ...WRITES.map((trigger): TransitionRow => ({ from: 'processing', trigger, reject: ErrorCode.SESSION_PROCESSING })),
  { from: 'processing', trigger: 'submitted', reject: ErrorCode.SESSION_PROCESSING },
  { from: 'processing', trigger: 'pipeline_completed', to: 'completed', effects: COMPLETED_EFFECTS },
  { from: 'processing', trigger: 'pipeline_failed', to: 'failed', effects: PURGE },
  { from: 'processing', trigger: 'pipeline_needs_review', to: 'manual_review', effects: [{ type: 'supersede_older_reviews' }] },
  {
    from: 'processing',
    trigger: 'pipeline_needs_action',
    when: { description: 'fewer than 2 re-collection cycles so far', holds: cyclesLeft },
    to: 'action_required',
    effects: ACTION_EFFECTS,
  },
  { from: 'processing', trigger: 'pipeline_needs_action', to: 'manual_review', effects: [{ type: 'supersede_older_reviews' }] },

  // action_required: only the named side, then submit again (rule 6).
  {
    from: 'action_required',
    trigger: 'document_uploaded',
    when: { description: 'the side named in nextAction', holds: sideNamed },
    to: 'action_required',
  },
  { from: 'action_required', trigger: 'document_uploaded', reject: ErrorCode.SIDE_NOT_REQUESTED },
  { from: 'action_required', trigger: 'face_uploaded', reject: ErrorCode.SIDE_NOT_REQUESTED },
  { from: 'action_required', trigger: 'device_data_recorded', to: 'action_required' },
  // A proof of address is no document side: re-sending one does not touch the re-collection.
  { from: 'action_required', trigger: 'poa_uploaded', to: 'action_required' },
  { from: 'action_required', trigger: 'submitted', to: 'processing' },
  { from: 'action_required', trigger: 'ttl_passed', to: 'expired', effects: EXPIRE },

  // failed: the next write within the TTL reopens with a full re-upload (rule 1); submit is a
  // write call too (the table's "upload or submit"): it reopens, and then has nothing to submit.
  ...[...WRITES, 'submitted' as const].map((trigger): TransitionRow => ({
    from: 'failed',
    trigger,
    to: 'connected',
    effects: [{ type: 'reset_uploads' }],
  })),
  { from: 'failed', trigger: 'ttl_passed', to: 'expired', effects: EXPIRE },

  // manual_review: frozen (rule 2); a reviewer or a newer attempt of the same person ends it.
  ...WRITES.map((trigger): TransitionRow => ({ from: 'manual_review', trigger, reject: ErrorCode.SESSION_CLOSED })),
  { from: 'manual_review', trigger: 'submitted', reject: ErrorCode.SESSION_CLOSED },
  {
    from: 'manual_review',
    trigger: 'review_approved',
    to: 'completed',
    effects: COMPLETED_EFFECTS.filter((e) => e.type !== 'supersede_older_reviews'),
  },
  {
    from: 'manual_review',
    trigger: 'review_rejected',
    to: 'rejected',
    effects: [{ type: 'emit', event: 'verification.status_changed' }, CLOSE_UNBILLED, ...PURGE],
  },
  { from: 'manual_review', trigger: 'superseded_by_newer_attempt', to: 'superseded', effects: [CLOSE_UNBILLED, ...PURGE] },

  // TTL of the open states.
  { from: 'pending', trigger: 'ttl_passed', to: 'expired', effects: EXPIRE },
  { from: 'connected', trigger: 'ttl_passed', to: 'expired', effects: EXPIRE },
];

const CALLER_TRIGGERS: readonly Trigger[] = ['widget_opened', ...WRITES, 'submitted'];

/** Whether an open session has outlived its TTL (manual_review never does, rule 2). */
export function isPastTtl(session: SessionSnapshot, now: Date): boolean {
  return EXPIRABLE_STATUSES.includes(session.status) && session.expiresAt.getTime() <= now.getTime();
}

/** Why a caller's move on a closed session is refused. */
function refusal(session: SessionSnapshot): ErrorCode {
  // completed, rejected, superseded: closed for good (rules 3–5). Submit on completed is answered
  // from the cache by the caller before it asks the state machine.
  return session.status === 'expired' ? ErrorCode.SESSION_EXPIRED : ErrorCode.SESSION_CLOSED;
}

export function transition(session: SessionSnapshot, trigger: Trigger, context: TransitionContext): TransitionResult {
  const isCallerMove = CALLER_TRIGGERS.includes(trigger);
  if (isCallerMove && isPastTtl(session, context.now)) throw new KycError(ErrorCode.SESSION_EXPIRED);
  const row = TRANSITION_TABLE.find(
    (r) => r.from === session.status && r.trigger === trigger && (!r.when || r.when.holds(session, context)),
  );
  if (row?.reject) {
    const details = row.reject === ErrorCode.SIDE_NOT_REQUESTED && session.nextAction ? { reasonCode: session.nextAction } : undefined;
    throw new KycError(row.reject, undefined, details);
  }
  if (row?.to) return { to: row.to, effects: [...(row.effects ?? [])] };
  if (isCallerMove) throw new KycError(refusal(session));
  throw new Error(`illegal transition: ${trigger} from ${session.status}`);
}
