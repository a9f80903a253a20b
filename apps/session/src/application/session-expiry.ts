import { ErrorCode, KycError } from '@kyc/errors';
import type { SessionRecord, SessionScope } from '../domain/session';
import { isPastTtl } from '../domain/session-state-machine';
import type { SessionStore, SessionTransaction } from './ports/session-store';
import { applyTransition, snapshotOf } from './session-transitions';

/**
 * Expiry happens in two places with one rule: the sweeper moves open sessions past their TTL,
 * and any call that meets such a session first expires it (so nobody waits for the sweeper).
 */
export async function expireIfPastTtl(tx: SessionTransaction, record: SessionRecord, now = new Date()): Promise<SessionRecord> {
  if (!isPastTtl(snapshotOf(record), now)) return record;
  return applyTransition(tx, record, 'ttl_passed', { now });
}

/** Locks the session for a write; an expired one answers KYC_003 (and is recorded as expired). */
export async function lockForWrite(tx: SessionTransaction, scope: SessionScope, sessionId: string): Promise<SessionRecord> {
  const record = await expireIfPastTtl(tx, await tx.findForUpdate(scope, sessionId));
  if (record.status === 'expired') throw new KycError(ErrorCode.SESSION_EXPIRED);
  return record;
}

/** Reads a session, recording the expiry first when its TTL has passed. */
export async function readSession(store: SessionStore, scope: SessionScope, sessionId: string): Promise<SessionRecord> {
  const record = await store.find(scope, sessionId);
  if (!isPastTtl(snapshotOf(record), new Date())) return record;
  return store.transaction(async (tx) => expireIfPastTtl(tx, await tx.findForUpdate(scope, sessionId)));
}
