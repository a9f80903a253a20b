import { ErrorCode, KycError } from '@kyc/errors';
import type { SessionRecord } from './session';

/** A proof-of-address job's status (`poaStatus` on the read, spec 2.9). */
export type PoaStatus = 'pending' | 'verified' | 'rejected' | 'manual_review';
export type FinishedPoaStatus = Exclude<PoaStatus, 'pending'>;

const FINISHED: readonly string[] = ['verified', 'rejected', 'manual_review'];

export function isFinishedPoaStatus(value: string): value is FinishedPoaStatus {
  return FINISHED.includes(value);
}

export interface PoaJobRecord {
  id: string;
  sessionId: string;
  projectId: string;
  environment: SessionRecord['environment'];
  status: PoaStatus;
  reasons: string[];
  documentKind: string | null;
  mediaType: string;
  dataGeneration: number;
  tries: number;
  createdAt: Date;
  completedAt: Date | null;
}

export interface NewPoaJob {
  id: string;
  sessionId: string;
  mediaType: string;
  dataGeneration: number;
  /** A pending job still pending then was left by a process that died: the sweeper takes it. */
  retryAfter: Date;
}

export interface PoaOutcome {
  status: FinishedPoaStatus;
  reasons: string[];
  documentKind: string | null;
}

/**
 * The holder's name on a proof of address is matched against the identity document's, so the
 * document comes first. A session that has read a document type has one (an action_required
 * re-collection keeps it).
 */
export function assertIdentityDocumentRead(session: SessionRecord): void {
  // A failed session's next write reopens it with every upload cleared: there is no document then.
  if (session.status === 'failed') throw new KycError(ErrorCode.POA_NEEDS_DOCUMENT);
  if (!session.documentType && !session.uploads.front && !session.uploads.main) throw new KycError(ErrorCode.POA_NEEDS_DOCUMENT);
}

/**
 * Spec 4.7: with poaRequiredForVerification, submit needs a proof-of-address upload (finished or
 * not: the completion webhook waits for it). Test mode's submit-at-once shortcut on a `pending`
 * session (spec part 1) stays a shortcut.
 */
export function assertPoaForSubmit(session: SessionRecord): void {
  if (!session.poaRequired || session.poaJobId) return;
  if (session.testMode && session.status === 'pending') return;
  throw new KycError(ErrorCode.POA_REQUIRED);
}

/** Spec part 6, rule 3: a completion is held while the required proof of address is being processed. */
export function completionHeldForPoa(session: SessionRecord): boolean {
  return session.poaRequired && session.poaStatus === 'pending';
}

/**
 * A proof of address still being analysed compares its holder with the identity document's name,
 * so a completion's document purge waits for the analysis to finish (it then asks for the purge).
 */
export function documentsNeededByPoa(session: SessionRecord): boolean {
  return session.poaStatus === 'pending';
}
