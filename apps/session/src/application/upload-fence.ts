import { ErrorCode, KycError } from '@kyc/errors';
import type { SessionRecord } from '../domain/session';

/**
 * An upload is analysed outside the session's lock. If the session's data was purged meanwhile (a
 * submit failed it), the upload belongs to what was purged: promoting it would bring data back
 * into a session that, reopened by this very write, must start from nothing (spec part 3, rule 1).
 * The caller sends it again; that upload starts in the new generation.
 */
export function refuseIfPurgedSince(atStart: SessionRecord, now: SessionRecord): void {
  if (now.dataGeneration !== atStart.dataGeneration) {
    throw new KycError(ErrorCode.SESSION_CHANGED, 'The session failed while this upload was being analysed; upload it again');
  }
}
