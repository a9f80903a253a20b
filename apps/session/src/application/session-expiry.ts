import { ErrorCode, KycError } from '@kyc/errors';
import type { EntityManager } from '@kyc/persistence';
import { isPastTtl } from '../domain/session-state-machine';
import type { SessionRecord, SessionRepository, SessionScope } from '../infrastructure/session.repository';
import { applyTransition, snapshotOf } from './session-transitions';

/**
 * Expiry happens in two places with one rule: the sweeper moves open sessions past their TTL,
 * and any call that meets such a session first expires it (so nobody waits for the sweeper).
 */
export async function expireIfPastTtl(repository: SessionRepository, manager: EntityManager, record: SessionRecord, now = new Date()): Promise<SessionRecord> {
  if (!isPastTtl(snapshotOf(record), now)) return record;
  return (await applyTransition(repository, manager, record, 'ttl_passed', { now })).session;
}

/** Locks the session for a write; an expired one answers KYC_003 (and is recorded as expired). */
export async function lockForWrite(repository: SessionRepository, manager: EntityManager, scope: SessionScope, sessionId: string): Promise<SessionRecord> {
  const record = await expireIfPastTtl(repository, manager, await repository.findForUpdate(manager, scope, sessionId));
  if (record.status === 'expired') throw new KycError(ErrorCode.SESSION_EXPIRED);
  return record;
}

/** Reads a session, recording the expiry first when its TTL has passed. */
export async function readSession(repository: SessionRepository, scope: SessionScope, sessionId: string): Promise<SessionRecord> {
  const record = await repository.find(scope, sessionId);
  if (!isPastTtl(snapshotOf(record), new Date())) return record;
  return repository.transaction(async (manager) => expireIfPastTtl(repository, manager, await repository.findForUpdate(manager, scope, sessionId)));
}
