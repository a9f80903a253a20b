import { ErrorCode, KycError } from '@kyc/errors';
import {
  MAX_ACTION_CYCLES,
  type SessionSnapshot,
  TRANSITION_TABLE,
  type TransitionContext,
  type TransitionRow,
  isPastTtl,
  transition,
} from './session-state-machine';

const now = new Date('2026-11-23T12:00:00Z');
const later = new Date(now.getTime() + 5 * 60_000);

function session(over: Partial<SessionSnapshot> = {}): SessionSnapshot {
  return { status: 'pending', testMode: false, expiresAt: later, actionCycles: 0, nextAction: null, ...over };
}

function codeOf(run: () => unknown): ErrorCode | 'no error' | 'plain error' {
  try {
    run();
    return 'no error';
  } catch (error) {
    return error instanceof KycError ? error.code : 'plain error';
  }
}

/** A snapshot and context under which a row's guard holds (and earlier rows of the pair do not). */
function situationFor(row: TransitionRow): { snapshot: SessionSnapshot; context: TransitionContext } {
  const snapshot = session({ status: row.from, nextAction: row.from === 'action_required' ? 'resubmit_back' : null });
  const context: TransitionContext = { now, side: 'front' };
  const description = row.when?.description ?? '';
  if (description === 'test mode') snapshot.testMode = true;
  if (description.startsWith('the side named')) context.side = 'back';
  const earlier = TRANSITION_TABLE.slice(0, TRANSITION_TABLE.indexOf(row)).filter((r) => r.from === row.from && r.trigger === row.trigger);
  if (!row.when && earlier.some((r) => r.when?.description.startsWith('fewer than'))) snapshot.actionCycles = MAX_ACTION_CYCLES;
  if (row.trigger === 'ttl_passed') snapshot.expiresAt = new Date(now.getTime() - 1);
  return { snapshot, context };
}

describe('the transition table', () => {
  it.each(
    TRANSITION_TABLE.map(
      (row) => [`${row.from} --${row.trigger}${row.when ? ` [${row.when.description}]` : ''}--> ${row.to ?? row.reject}`, row] as const,
    ),
  )('%s', (_name, row) => {
    const { snapshot, context } = situationFor(row);
    if (row.reject) {
      expect(codeOf(() => transition(snapshot, row.trigger, context))).toBe(row.reject);
    } else {
      expect(transition(snapshot, row.trigger, context)).toEqual({ to: row.to, effects: row.effects ?? [] });
    }
  });

  it('has no row that an earlier unguarded row of the same pair hides', () => {
    TRANSITION_TABLE.forEach((row, index) => {
      const hidden = TRANSITION_TABLE.slice(0, index).some((r) => r.from === row.from && r.trigger === row.trigger && !r.when);
      expect({ row: `${row.from}/${row.trigger}`, hidden }).toEqual({ row: `${row.from}/${row.trigger}`, hidden: false });
    });
  });
});

describe('spec part 3 rules', () => {
  it('rule 1: failed reopens on the next write within the TTL, needing a full re-upload', () => {
    expect(transition(session({ status: 'failed' }), 'document_uploaded', { now, side: 'front' })).toEqual({
      to: 'connected',
      effects: [{ type: 'reset_uploads' }],
    });
    // Submit is a write call too: it reopens (the use case then answers KYC_UPLOADS_MISSING, nothing being uploaded).
    expect(transition(session({ status: 'failed' }), 'submitted', { now })).toEqual({
      to: 'connected',
      effects: [{ type: 'reset_uploads' }],
    });
    expect(codeOf(() => transition(session({ status: 'failed', expiresAt: now }), 'face_uploaded', { now }))).toBe(
      ErrorCode.SESSION_EXPIRED,
    );
  });

  it('rule 2: manual_review is frozen and never expires', () => {
    const review = session({ status: 'manual_review', expiresAt: new Date(now.getTime() - 3_600_000) });
    expect(isPastTtl(review, now)).toBe(false);
    for (const trigger of ['document_uploaded', 'face_uploaded', 'device_data_recorded', 'submitted'] as const) {
      expect(codeOf(() => transition(review, trigger, { now, side: 'front' }))).toBe(ErrorCode.SESSION_CLOSED);
    }
    expect(codeOf(() => transition(review, 'ttl_passed', { now }))).toBe('plain error');
  });

  it('rules 3–5: rejected, completed and superseded are closed', () => {
    for (const status of ['rejected', 'completed', 'superseded'] as const) {
      expect(codeOf(() => transition(session({ status }), 'document_uploaded', { now, side: 'front' }))).toBe(ErrorCode.SESSION_CLOSED);
      expect(codeOf(() => transition(session({ status }), 'submitted', { now }))).toBe(ErrorCode.SESSION_CLOSED);
    }
    expect(codeOf(() => transition(session({ status: 'expired' }), 'submitted', { now }))).toBe(ErrorCode.SESSION_EXPIRED);
  });

  it('rule 6: action_required accepts only the named side, never the selfie', () => {
    const waiting = session({ status: 'action_required', nextAction: 'resubmit_front', actionCycles: 1 });
    expect(transition(waiting, 'document_uploaded', { now, side: 'front' }).to).toBe('action_required');
    expect(codeOf(() => transition(waiting, 'document_uploaded', { now, side: 'back' }))).toBe(ErrorCode.SIDE_NOT_REQUESTED);
    expect(codeOf(() => transition(waiting, 'face_uploaded', { now }))).toBe(ErrorCode.SIDE_NOT_REQUESTED);
    expect(transition(waiting, 'submitted', { now }).to).toBe('processing');
  });

  it('action_required extends the TTL to 24 h, and after 2 cycles goes to manual_review', () => {
    const first = transition(session({ status: 'processing', actionCycles: 0 }), 'pipeline_needs_action', {
      now,
      nextAction: 'resubmit_back',
    });
    expect(first).toEqual({ to: 'action_required', effects: [{ type: 'extend_ttl', hours: 24 }, { type: 'increment_action_cycles' }] });
    expect(transition(session({ status: 'processing', actionCycles: 1 }), 'pipeline_needs_action', { now }).to).toBe('action_required');
    expect(transition(session({ status: 'processing', actionCycles: 2 }), 'pipeline_needs_action', { now }).to).toBe('manual_review');
  });

  it('rule 8: submit while processing is rejected, and so are uploads', () => {
    expect(codeOf(() => transition(session({ status: 'processing' }), 'submitted', { now }))).toBe(ErrorCode.SESSION_PROCESSING);
    expect(codeOf(() => transition(session({ status: 'processing' }), 'document_uploaded', { now, side: 'front' }))).toBe(
      ErrorCode.SESSION_PROCESSING,
    );
  });

  it('rule 9: a test session may submit from pending; others may not', () => {
    expect(transition(session({ testMode: true }), 'submitted', { now }).to).toBe('processing');
    expect(codeOf(() => transition(session({ testMode: false }), 'submitted', { now }))).toBe(ErrorCode.UPLOADS_MISSING);
  });

  it('completion emits the webhook (billing consumes it) and supersedes older reviews; review emits nothing', () => {
    expect(transition(session({ status: 'processing' }), 'pipeline_completed', { now }).effects).toEqual([
      { type: 'emit', event: 'verification.completed' },
      { type: 'supersede_older_reviews' },
      { type: 'purge_documents' },
    ]);
    const review = transition(session({ status: 'processing' }), 'pipeline_needs_review', { now });
    expect(review.effects.some((e) => e.type === 'emit')).toBe(false);
    expect(transition(session({ status: 'manual_review' }), 'review_rejected', { now }).effects).toEqual([
      { type: 'emit', event: 'verification.status_changed' },
      { type: 'close_unbilled' },
      { type: 'purge_artifacts' },
    ]);
    expect(transition(session({ status: 'manual_review' }), 'superseded_by_newer_attempt', { now }).effects).toEqual([
      { type: 'close_unbilled' },
      { type: 'purge_artifacts' },
    ]);
  });

  it('every way to end without a charge gives the reserved unit back (close_unbilled), and only those', () => {
    const closing = TRANSITION_TABLE.filter((row) => row.effects?.some((e) => e.type === 'close_unbilled')).map(
      (row) => `${row.from}:${row.trigger}->${row.to}`,
    );
    expect(new Set(closing)).toEqual(
      new Set([
        'pending:ttl_passed->expired',
        'connected:ttl_passed->expired',
        'failed:ttl_passed->expired',
        'action_required:ttl_passed->expired',
        'manual_review:review_rejected->rejected',
        'manual_review:superseded_by_newer_attempt->superseded',
      ]),
    );
    // Each closed status but completed (which is charged) is reached only through a closing row.
    const unbilledEnds = TRANSITION_TABLE.filter((row) => row.to === 'expired' || row.to === 'rejected' || row.to === 'superseded');
    expect(unbilledEnds.every((row) => row.effects?.some((e) => e.type === 'close_unbilled'))).toBe(true);
  });

  it('every terminal state purges: failure, expiry, rejection and supersession everything; a completion the documents only', () => {
    expect(transition(session({ status: 'processing' }), 'pipeline_failed', { now }).effects).toEqual([{ type: 'purge_artifacts' }]);
    for (const status of ['pending', 'connected', 'failed', 'action_required'] as const) {
      expect(transition(session({ status, expiresAt: now }), 'ttl_passed', { now }).effects).toEqual([
        { type: 'purge_artifacts' },
        { type: 'close_unbilled' },
      ]);
    }
    const purging = TRANSITION_TABLE.filter((row) => row.effects?.some((e) => e.type === 'purge_artifacts')).map(
      (row) => `${row.from}:${row.trigger}`,
    );
    expect(new Set(purging)).toEqual(
      new Set([
        'processing:pipeline_failed',
        'pending:ttl_passed',
        'connected:ttl_passed',
        'failed:ttl_passed',
        'action_required:ttl_passed',
        'manual_review:review_rejected',
        'manual_review:superseded_by_newer_attempt',
      ]),
    );
    const documentsOnly = TRANSITION_TABLE.filter((row) => row.effects?.some((e) => e.type === 'purge_documents')).map(
      (row) => `${row.from}:${row.trigger}`,
    );
    expect(new Set(documentsOnly)).toEqual(new Set(['processing:pipeline_completed', 'manual_review:review_approved']));
    // Every row into a terminal state purges one way or the other.
    const terminal = TRANSITION_TABLE.filter(
      (row) => row.to && ['completed', 'rejected', 'superseded', 'expired', 'failed'].includes(row.to),
    );
    expect(terminal.every((row) => row.effects?.some((e) => e.type === 'purge_artifacts' || e.type === 'purge_documents'))).toBe(true);
  });

  it('expires open sessions past the TTL and refuses writes to them', () => {
    for (const status of ['pending', 'connected', 'failed', 'action_required'] as const) {
      const overdue = session({ status, expiresAt: now });
      expect(isPastTtl(overdue, now)).toBe(true);
      expect(transition(overdue, 'ttl_passed', { now }).to).toBe('expired');
      expect(codeOf(() => transition(overdue, 'device_data_recorded', { now }))).toBe(ErrorCode.SESSION_EXPIRED);
    }
    expect(isPastTtl(session({ status: 'processing', expiresAt: now }), now)).toBe(false);
  });

  it('treats an internal trigger from the wrong status as a programming error', () => {
    expect(codeOf(() => transition(session({ status: 'pending' }), 'pipeline_completed', { now }))).toBe('plain error');
    expect(codeOf(() => transition(session({ status: 'completed' }), 'review_approved', { now }))).toBe('plain error');
  });
});
