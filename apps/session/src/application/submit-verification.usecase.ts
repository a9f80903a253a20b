import type { VerificationOutcomeName } from '@kyc/contracts';
import { ErrorCode, KycError, isErrorCode } from '@kyc/errors';
import type { Logger } from '@kyc/logger';
import {
  type AttemptOutcome,
  type AttemptRecord,
  type SessionRecord,
  type SessionScope,
  attemptStatusFor,
  nonEmptyIssues,
} from '../domain/session';
import { assertPoaForSubmit } from '../domain/proof-of-address';
import { type EmittedEvent, type Trigger, transition } from '../domain/session-state-machine';
import { type SessionStatus, asNextAction } from '../domain/session-status';
import { documentsReady } from '../domain/upload-readiness';
import { type ReuseCandidate, chooseReusable, reuseAllowedWith, reuseRequested } from '../domain/vault-reuse';
import type { SessionStore } from './ports/session-store';
import { lockForWrite } from './session-expiry';
import { applyTransition, snapshotOf } from './session-transitions';
import {
  type ReuseMatchEvidence,
  type ScoredDecision,
  type VerificationEvidence,
  type VerificationEvidenceGatherer,
  extractedFields,
} from './verification-evidence';
import { completedEvent, statusChangedEvent } from './verification-events';

/** What each decision outcome does to the session (the state machine decides the final status). */
const OUTCOME_TRIGGERS: Record<VerificationOutcomeName, Trigger> = {
  completed: 'pipeline_completed',
  manual_review: 'pipeline_needs_review',
  action_required: 'pipeline_needs_action',
  failed: 'pipeline_failed',
  rejected: 'pipeline_needs_review',
};

/** The submit's answer: the session as the decision left it and the attempt that decided. */
export interface SubmitOutcome {
  session: SessionRecord;
  attempt: Pick<AttemptRecord, 'id' | 'confidence' | 'documentType' | 'extractedData' | 'issueCodes' | 'failureReason' | 'nextAction'>;
}

export interface SubmitTiming {
  /** How long a submit may take before the lapsed-attempt sweeper gives its session back. */
  leaseMs: number;
  /** The deadline of each analysis call (shortened when the lease ends sooner). */
  analysisDeadlineMs: number;
}

/** Left of the lease for the decision's own transaction after the last call (a quarter of short leases). */
const DECISION_MARGIN_MS = 2_000;

/** How many of the person's earlier completed sessions the reuse lookup reads (newest first). */
const REUSE_CANDIDATES = 20;

/** Why a reuse-enabled submit without a document answers KYC_UPLOADS_MISSING. */
const NO_REUSE_MESSAGE = {
  none: 'Upload the identity document before submitting: no earlier verification of this person can be reused',
  notMatched: 'Upload the identity document before submitting: the selfie does not match the earlier verification, so it cannot be reused',
  notReusable: 'Upload the identity document before submitting: the earlier verification cannot be reused for this selfie',
} as const;

/**
 * POST /v1/verifications/{id}/submit (spec 4.7), in three steps:
 * 1. one transaction moves the session to processing and opens an attempt under a lease;
 * 2. the evidence and the decision are gathered over gRPC, no lock held, within the lease;
 * 3. one transaction applies the decision with its outbox events and purge requests — only if the
 *    attempt still holds the session (a sweeper may have abandoned it after its lease ran out).
 */
export class SubmitVerificationUseCase {
  constructor(
    private readonly sessions: SessionStore,
    private readonly evidence: VerificationEvidenceGatherer,
    private readonly timing: SubmitTiming,
    private readonly logger: Logger,
  ) {}

  async execute(scope: SessionScope, sessionId: string): Promise<SubmitOutcome> {
    const started = await this.start(scope, sessionId);
    if (started.kind === 'cached') return this.cachedOutcome(started.session);
    if (started.kind === 'reopened') {
      throw new KycError(
        ErrorCode.UPLOADS_MISSING,
        'The session had failed and is open again: upload the document and the selfie, then submit',
      );
    }

    const leaseEnds = started.leaseExpiresAt.getTime() - Math.min(DECISION_MARGIN_MS, this.timing.leaseMs / 4);
    const deadline = () => Math.max(1, Math.min(this.timing.analysisDeadlineMs, leaseEnds - Date.now()));
    if (started.kind === 'reuse') return this.reuse(scope, started, deadline);

    let evidence: VerificationEvidence;
    try {
      evidence = await this.evidence.gather(started.session, started.attemptId, deadline);
    } catch (error) {
      await this.abandon(started.attemptId, started.previousStatus, abandonReason(error));
      throw error;
    }
    const finished = await this.decide(scope, sessionId, started.attemptId, evidence);
    if (finished.session.status === 'failed' && isErrorCode(evidence.decision.failureReason))
      throw new KycError(evidence.decision.failureReason);
    return finished;
  }

  private start(scope: SessionScope, sessionId: string) {
    return this.sessions.transaction(async (tx) => {
      const current = await lockForWrite(tx, scope, sessionId);
      if (current.status === 'completed') return { kind: 'cached', session: current } as const;
      // Spec part 3, rule 1: the reopen is committed; the submit itself has no uploads left to submit.
      if (current.status === 'failed') return { kind: 'reopened', session: await applyTransition(tx, current, 'submitted', {}) } as const;
      // The state machine speaks first (processing, closed, expired), then completeness.
      const now = new Date();
      transition(snapshotOf(current), 'submitted', { now });
      // Vault reuse: a selfie and no document, and an earlier verification of the same person to match it against.
      const earlier = reuseRequested(current)
        ? chooseReusable(current, await tx.findReuseCandidates(current, REUSE_CANDIDATES), now)
        : null;
      if (!earlier && reuseRequested(current)) throw new KycError(ErrorCode.UPLOADS_MISSING, NO_REUSE_MESSAGE.none);
      if (!earlier && (!current.testMode || current.status !== 'pending')) assertUploadsComplete(current);
      assertPoaForSubmit(current);
      const leaseExpiresAt = new Date(Date.now() + this.timing.leaseMs);
      const attemptId = await tx.openAttempt(current.id, { previousStatus: current.status, leaseExpiresAt });
      const session = await applyTransition(tx, current, 'submitted', {}, { latestAttemptId: attemptId });
      const started = { session, attemptId, previousStatus: current.status, leaseExpiresAt };
      return earlier ? ({ kind: 'reuse', earlier, ...started } as const) : ({ kind: 'started', ...started } as const);
    });
  }

  /**
   * Vault reuse: the new selfie against the earlier verification's enrolled face. MATCHED completes
   * with the earlier attempt's data; anything else gives the session back, as a submit without a
   * document is answered (KYC_UPLOADS_MISSING). A selfie that cannot be matched keeps its code.
   */
  private async reuse(
    scope: SessionScope,
    started: { session: SessionRecord; attemptId: string; previousStatus: SessionStatus; earlier: ReuseCandidate },
    deadline: () => number,
  ): Promise<SubmitOutcome> {
    const { attemptId, previousStatus, earlier } = started;
    const sessionId = started.session.id;
    let match: ReuseMatchEvidence;
    try {
      match = await this.evidence.matchEnrolled(started.session, earlier.sessionId, deadline);
    } catch (error) {
      await this.abandon(attemptId, previousStatus, abandonReason(error));
      throw error;
    }
    if (match.faceMatch.status !== 'MATCHED') {
      this.logger.info(
        { sessionId, earlierSessionId: earlier.sessionId, status: match.faceMatch.status },
        'vault reuse: selfie did not match',
      );
      await this.abandon(attemptId, previousStatus, `vault reuse not matched (${match.faceMatch.status ?? 'unknown'})`);
      throw new KycError(ErrorCode.UPLOADS_MISSING, NO_REUSE_MESSAGE.notMatched);
    }
    if (!reuseAllowedWith(match.faceMatch.duplicate)) {
      this.logger.info({ sessionId, earlierSessionId: earlier.sessionId }, 'vault reuse: face enrolled under another identity');
      await this.abandon(attemptId, previousStatus, 'vault reuse refused (duplicate under another identity)');
      throw new KycError(ErrorCode.UPLOADS_MISSING, NO_REUSE_MESSAGE.notReusable);
    }
    return this.sessions.transaction(async (tx) => {
      const current = await tx.findForUpdate(scope, sessionId);
      if (!(await tx.holdsProcessing(current, attemptId))) {
        this.logger.warn({ sessionId, attemptId }, 'reuse decision arrived after the processing lease lapsed; discarded');
        throw new KycError(ErrorCode.SERVICE_UNAVAILABLE, 'Processing took too long; submit the verification again');
      }
      const { faceMatch } = match;
      const duplicateSuspected = faceMatch.duplicate?.suspected ?? false;
      const session = await applyTransition(tx, current, 'pipeline_completed', {}, {}, () =>
        completedEvent(current, {
          attemptId,
          confidence: earlier.confidence ?? 0,
          documentType: earlier.documentType ?? '',
          extractedData: earlier.extractedData,
          duplicateSuspected,
          reuse: { freeOfCharge: current.vaultReuseBilling === 'free' },
        }),
      );
      const attempt: AttemptOutcome = {
        status: attemptStatusFor(session.status),
        confidence: earlier.confidence,
        documentType: earlier.documentType,
        faceMatchStatus: faceMatch.status,
        faceMatchScore: faceMatch.performed ? faceMatch.score : null,
        failureReason: null,
        extractedData: earlier.extractedData,
        issueCodes: [],
        nextAction: null,
        duplicateSuspected,
        duplicateOf: faceMatch.duplicate?.matchedSessionIds ?? [],
        identityKey: earlier.identityKey,
        reusedAttemptId: earlier.attemptId,
      };
      await tx.completeAttempt(attemptId, attempt);
      return { session, attempt: { id: attemptId, ...attempt } };
    });
  }

  private decide(scope: SessionScope, sessionId: string, attemptId: string, evidence: VerificationEvidence): Promise<SubmitOutcome> {
    const { decision, documentEvidence, faceMatch } = evidence;
    return this.sessions.transaction(async (tx) => {
      const current = await tx.findForUpdate(scope, sessionId);
      if (!(await tx.holdsProcessing(current, attemptId))) {
        // The lease ran out and the sweeper gave the session back: this decision is too late to count.
        this.logger.warn({ sessionId, attemptId }, 'decision arrived after the processing lease lapsed; discarded');
        throw new KycError(ErrorCode.SERVICE_UNAVAILABLE, 'Processing took too long; submit the verification again');
      }
      const extractedData = documentEvidence.analysed ? extractedFields(documentEvidence) : null;
      const duplicateSuspected = faceMatch?.duplicate?.suspected ?? false;
      const eventFor = (event: EmittedEvent) =>
        event === 'verification.completed'
          ? completedEvent(current, {
              attemptId,
              confidence: decision.confidence,
              documentType: documentEvidence.documentType,
              extractedData,
              duplicateSuspected,
            })
          : statusChangedEvent(current, decision);
      const trigger = OUTCOME_TRIGGERS[decision.outcome];
      let session = await applyTransition(tx, current, trigger, { nextAction: asNextAction(decision.nextAction) }, {}, eventFor);
      if (decision.outcome === 'rejected' && session.status === 'manual_review') {
        // Test-mode persona: the "reviewer" rejects at once, exactly as a human reviewer would.
        session = await applyTransition(tx, session, 'review_rejected', {}, {}, eventFor);
      }
      const attempt = { ...attemptOutcome(session.status, decision, evidence, extractedData), identityKey: evidence.identityKey };
      await tx.completeAttempt(attemptId, attempt);
      return { session, attempt: { id: attemptId, ...attempt } };
    });
  }

  /**
   * The submit did not happen: the pipeline could not run (a service was unreachable), or the selfie cannot be
   * compared (KYC_021 no face, KYC_022 too poor), which a new selfie fixes without re-uploading the document.
   * The session goes back to where it was; the attempt stays on record with its reason, hidden from the read.
   */
  private async abandon(attemptId: string, previousStatus: SessionStatus, reason: string): Promise<void> {
    await this.sessions.transaction((tx) => tx.abandonAttempt(attemptId, reason, previousStatus));
  }

  private async cachedOutcome(current: SessionRecord): Promise<SubmitOutcome> {
    const attempt = await this.sessions.findAttempt(current.latestAttemptId);
    if (!attempt) throw new KycError(ErrorCode.INTERNAL, 'Completed session without an attempt');
    return { session: current, attempt };
  }
}

function attemptOutcome(
  status: SessionStatus,
  decision: ScoredDecision,
  evidence: VerificationEvidence,
  extractedData: Record<string, string> | null,
): AttemptOutcome {
  const { documentEvidence, faceMatch } = evidence;
  return {
    status: attemptStatusFor(status),
    confidence: decision.confidence,
    documentType: documentEvidence.documentType || null,
    faceMatchStatus: faceMatch?.status ?? null,
    faceMatchScore: faceMatch?.performed ? faceMatch.score : null,
    failureReason: decision.failureReason || (status === 'rejected' ? decision.rejectionReason : '') || null,
    // Spec part 3: a failed pipeline purges the extracted state; the attempt keeps its outcome and reason only.
    extractedData: status === 'failed' ? null : extractedData,
    issueCodes:
      status === 'manual_review' || status === 'action_required' || status === 'rejected' ? nonEmptyIssues(decision.issueCodes) : [],
    nextAction: status === 'action_required' ? (asNextAction(decision.nextAction) ?? null) : null,
    duplicateSuspected: faceMatch?.duplicate?.suspected ?? false,
    duplicateOf: faceMatch?.duplicate?.matchedSessionIds ?? [],
  };
}

function assertUploadsComplete(current: SessionRecord): void {
  const { uploads } = current;
  if (!uploads.front && !uploads.main && !uploads.back)
    throw new KycError(ErrorCode.UPLOADS_MISSING, 'Upload the document before submitting');
  if (current.requiresBackSide && uploads.front && !uploads.back) throw new KycError(ErrorCode.BACK_SIDE_REQUIRED);
  if (!documentsReady(uploads, current.requiresBackSide))
    throw new KycError(ErrorCode.UPLOADS_MISSING, 'Upload the front side of the document before submitting');
  if (!uploads.face) throw new KycError(ErrorCode.UPLOADS_MISSING, 'Upload the selfie before submitting');
}

/** A selfie the matcher refused keeps its code; anything else means the pipeline itself could not run. */
function abandonReason(error: unknown): string {
  return error instanceof KycError && (error.code === ErrorCode.FACE_NOT_DETECTED || error.code === ErrorCode.SELFIE_QUALITY_TOO_LOW)
    ? error.code
    : 'processing could not run';
}
