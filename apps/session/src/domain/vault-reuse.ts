import type { EnvironmentName } from './environment';
import type { AttemptStatus, SessionRecord } from './session';
import type { SessionStatus } from './session-status';

/**
 * Vault reuse (spec part 1, "vault reuse policy"): with the policy on, a person already verified in
 * the same project environment completes a new session with a live selfie alone, once that selfie
 * matches the earlier verification's enrolled face. The read says `isReused: true`; the extracted
 * data, document type and confidence are the earlier attempt's, the face match the new selfie's.
 *
 * Same person: the same e-mail (clientMetadata.email, normalised), or the same identity hash as a
 * verification under that e-mail (the person verified again under another e-mail). A session
 * without an e-mail has nothing to find the earlier verification by and takes the normal path.
 */
export interface ReuseCandidate {
  sessionId: string;
  /** The earlier session's latest attempt: the one that completed it. */
  attemptId: string;
  projectId: string;
  environment: EnvironmentName;
  testMode: boolean;
  sessionStatus: SessionStatus;
  attemptStatus: AttemptStatus;
  /** A reused completion is never reused in turn: the age always counts from a document check. */
  isReused: boolean;
  /** The session's face has been purged (a biometrics purge request covers its current data generation); a completion purges only its documents. */
  purged: boolean;
  /** When it was decided (or approved by a reviewer). */
  verifiedAt: Date;
  confidence: number | null;
  documentType: string | null;
  extractedData: Record<string, string> | null;
  identityKey: string | null;
}

export type ReuseIneligibility =
  | 'other_project'
  | 'other_environment'
  | 'test_mode'
  | 'same_session'
  | 'not_completed'
  | 'reused'
  | 'purged'
  | 'no_extracted_data'
  | 'too_old';

const DAY_MS = 86_400_000;

/** Whether the submit may try the reuse path: the session's snapshot has it on, a selfie is in and no document side is. */
export function reuseRequested(session: Pick<SessionRecord, 'vaultReuseEnabled' | 'uploads' | 'email'>): boolean {
  const { uploads } = session;
  return session.vaultReuseEnabled && !!session.email && !!uploads.face && !uploads.front && !uploads.back && !uploads.main;
}

/** Why an earlier verification cannot be reused by `current`; null when it can. */
export function reuseIneligibility(
  current: Pick<SessionRecord, 'id' | 'projectId' | 'environment' | 'testMode' | 'vaultReuseMaxAgeDays'>,
  candidate: ReuseCandidate,
  now: Date,
): ReuseIneligibility | null {
  if (candidate.projectId !== current.projectId) return 'other_project';
  if (candidate.environment !== current.environment) return 'other_environment';
  if (candidate.testMode && !current.testMode) return 'test_mode';
  if (candidate.sessionId === current.id) return 'same_session';
  // Rejected, failed, under review, superseded: only a success that still stands is reused.
  if (candidate.sessionStatus !== 'completed' || candidate.attemptStatus !== 'success') return 'not_completed';
  if (candidate.isReused) return 'reused';
  if (candidate.purged) return 'purged';
  if (!candidate.extractedData || Object.keys(candidate.extractedData).length === 0) return 'no_extracted_data';
  if (now.getTime() - candidate.verifiedAt.getTime() > current.vaultReuseMaxAgeDays * DAY_MS) return 'too_old';
  return null;
}

/** The most recent earlier verification `current` may reuse, or null. */
export function chooseReusable(
  current: Pick<SessionRecord, 'id' | 'projectId' | 'environment' | 'testMode' | 'vaultReuseMaxAgeDays'>,
  candidates: readonly ReuseCandidate[],
  now: Date,
): ReuseCandidate | null {
  const eligible = candidates.filter((candidate) => reuseIneligibility(current, candidate, now) === null);
  eligible.sort((a, b) => b.verifiedAt.getTime() - a.verifiedAt.getTime());
  return eligible[0] ?? null;
}

/**
 * Whether a matched face may complete by reuse, given the biometrics duplicate signal of the match
 * (its comma-separated reasons). The same face enrolled under another identity is not the person
 * the earlier verification checked: a document is asked for, and the normal path (scoring's
 * duplicates policy) decides. The same identity under another e-mail is what the identity-hash
 * lookup finds on purpose: the reuse completes, carrying the duplicate signal.
 */
export function reuseAllowedWith(duplicate: { suspected: boolean; reason: string } | undefined): boolean {
  if (!duplicate?.suspected) return true;
  return !duplicate.reason.split(',').includes('different_identity');
}
