import type { TypedEvent } from '@kyc/events';
import type { EnvironmentName } from '../../domain/environment';
import type {
  AttemptOutcome,
  AttemptRecord,
  ConsentRecord,
  IdempotencyClaim,
  NewSession,
  SessionChanges,
  SessionRecord,
  SessionScope,
} from '../../domain/session';
import type { NewPoaJob, PoaJobRecord, PoaOutcome } from '../../domain/proof-of-address';
import type { SessionStatus } from '../../domain/session-status';
import type { ReuseCandidate } from '../../domain/vault-reuse';

/** An event for the outbox: its kyc.events.v1 message, written in the state change's transaction. */
export type OutboxEvent = TypedEvent & { session: Pick<SessionRecord, 'id' | 'projectId' | 'environment'> };

/** An attempt whose processing lease ran out: its submit died (a crash, a kill) before deciding. */
export interface LapsedAttempt {
  attemptId: string;
  sessionId: string;
  /** The session's status before submit moved it to processing: where it goes back to. */
  previousStatus: SessionStatus;
}

/** Where a session's stored artifacts live; each acknowledges its purge on its own. */
export type PurgeTarget = 'document' | 'biometrics';
export const PURGE_TARGETS: readonly PurgeTarget[] = ['document', 'biometrics'];

export interface ClaimedPurge {
  sessionId: string;
  target: PurgeTarget;
  /** How many times it has been claimed, this claim included. */
  tries: number;
  /** The session's data generations up to this one go; later ones belong to a reopened session. */
  throughGeneration: number;
}

/**
 * Writes, inside one transaction. Every session read here is locked (`FOR UPDATE`) so that the
 * state machine decides on the row it will write.
 */
export interface SessionTransaction {
  insert(session: NewSession): Promise<SessionRecord>;
  /**
   * Inserts unless the project already has a session made with this key; then that session is
   * answered with the fingerprint it was made with (the caller refuses a different request).
   */
  insertOnce(
    session: NewSession,
    idempotency: IdempotencyClaim,
  ): Promise<{ session: SessionRecord; created: boolean; fingerprint: string }>;
  /** A session of another project or environment is indistinguishable from a missing one (KYC_001). */
  findForUpdate(scope: SessionScope, sessionId: string): Promise<SessionRecord>;
  /** Admin access: any environment of one project. */
  findInProjectForUpdate(projectId: string, sessionId: string): Promise<SessionRecord>;
  update(sessionId: string, changes: SessionChanges): Promise<SessionRecord>;
  /** Appends a consent record (append-only) and makes its wording the session's consent in force. */
  appendConsent(sessionId: string, consent: ConsentRecord): Promise<SessionRecord>;
  findAttempt(attemptId: string | null): Promise<AttemptRecord | null>;

  /** Opens a processing attempt that is this submit's until `leaseExpiresAt` (a sweeper abandons it after). */
  openAttempt(sessionId: string, lease: { previousStatus: SessionStatus; leaseExpiresAt: Date }): Promise<string>;
  /** Whether the attempt is still processing and its session still waits for it (the fence a late decision must pass). */
  holdsProcessing(session: SessionRecord, attemptId: string): Promise<boolean>;
  completeAttempt(attemptId: string, outcome: AttemptOutcome): Promise<void>;
  /**
   * Vault reuse: the completed sessions of the same person in the session's project environment (same
   * e-mail, or an identity hash read under that e-mail), with their latest attempt, newest first.
   * Coarse: domain/vault-reuse.ts decides which is eligible.
   */
  findReuseCandidates(current: SessionRecord, limit: number): Promise<ReuseCandidate[]>;
  /**
   * The attempt could not decide: it is closed as abandoned with its reason and, when the session
   * still waits for it, the session goes back to `restoreTo`. False when it was no longer processing.
   */
  abandonAttempt(attemptId: string, reason: string, restoreTo: SessionStatus): Promise<boolean>;
  /** Processing attempts whose lease ran out, locked (SKIP LOCKED: sweepers run side by side). */
  lockLapsedAttempts(now: Date, limit: number): Promise<LapsedAttempt[]>;
  recordReview(
    attemptId: string,
    review: { status: 'success' | 'rejected'; reviewer: string; failureReason: string | null },
  ): Promise<void>;

  /** Records a proof-of-address job: pending (the async upload), or finished with its outcome (the waiting one). */
  insertPoaJob(job: NewPoaJob, outcome?: PoaOutcome): Promise<void>;
  /** Locks the session a job belongs to (null for an unknown job): jobs finish under their session's lock. */
  lockPoaJobSession(jobId: string): Promise<SessionRecord | null>;
  /** Finishes a pending job; false when it had already finished (a sweeper and the upload raced). */
  completePoaJob(jobId: string, outcome: PoaOutcome): Promise<boolean>;

  appendOutbox(event: OutboxEvent): Promise<void>;
  /** Asks every purge target to delete the session's artifacts, until each acknowledges (purge-worker.ts). */
  /** Queues the purge of the session's data generations up to `throughGeneration`. */
  /** Queues the purge of the session's data up to `throughGeneration` in each of `targets` (default: all). */
  requestPurge(sessionId: string, throughGeneration: number, targets?: readonly PurgeTarget[]): Promise<void>;
  /** Older sessions of the same person under review in the same environment (spec part 3). */
  findReviewsToSupersede(newer: SessionRecord): Promise<string[]>;
  /** Open sessions past their TTL (manual_review never expires), locked with SKIP LOCKED. */
  lockExpiredOpenSessions(now: Date, limit: number): Promise<SessionRecord[]>;
}

/** The session service's persistence port: sessions, attempts, the outbox and the purge queue. */
export interface SessionStore {
  transaction<T>(work: (tx: SessionTransaction) => Promise<T>): Promise<T>;
  find(scope: SessionScope, sessionId: string): Promise<SessionRecord>;
  /** The verification read in one round trip: the session and its latest attempt. */
  findWithLatestAttempt(scope: SessionScope, sessionId: string): Promise<{ session: SessionRecord; attempt: AttemptRecord | null }>;
  findAttempt(attemptId: string | null): Promise<AttemptRecord | null>;
  list(filter: { projectId: string; environment?: EnvironmentName; status?: string; limit: number }): Promise<SessionRecord[]>;

  /** Due purges, claimed for `claimMs` (a claim that dies is taken again after it), at most `limit`. */
  claimDuePurges(now: Date, limit: number, claimMs: number): Promise<ClaimedPurge[]>;
  /** A job of the session, scoped like the session (another session's job is not found). */
  findPoaJob(scope: SessionScope, sessionId: string, jobId: string): Promise<PoaJobRecord>;
  /** Pending jobs due for another try (their analysis died with a process), each claimed for `claimMs`. */
  claimStalledPoaJobs(now: Date, limit: number, claimMs: number): Promise<PoaJobRecord[]>;
  markPurged(purge: ClaimedPurge): Promise<void>;
  retryPurgeAt(purge: ClaimedPurge, at: Date, error: string): Promise<void>;
}
