import { createHash } from 'node:crypto';
import type { document, scoring, session } from '@kyc/contracts';
import { ErrorCode, KycError, isErrorCode } from '@kyc/errors';
import type { Logger } from '@kyc/logger';
import { type Effect, type EmittedEvent, type NextAction, type Trigger, transition } from '../domain/session-state-machine';
import { recordedProblems } from '../domain/recoverable-problems';
import type { ServiceClients } from '../infrastructure/service-clients';
import type { AttemptRecord, SessionRecord, SessionRepository, SessionScope } from '../infrastructure/session.repository';
import { lockForWrite } from './session-expiry';
import { toExtractedData } from './session-presenter';
import { applyTransition, snapshotOf } from './session-transitions';
import { documentsReady } from './upload-readiness';
import { completedEvent, statusChangedEvent } from './verification-events';

/** What each decision outcome does to the session (the state machine decides the final status). */
const OUTCOME_TRIGGERS: Record<string, Trigger> = {
  completed: 'pipeline_completed',
  manual_review: 'pipeline_needs_review',
  action_required: 'pipeline_needs_action',
  failed: 'pipeline_failed',
  rejected: 'pipeline_needs_review',
};

/** The attempt's own outcome (verification.status on the read) for each final session status. */
const ATTEMPT_STATUS: Record<string, string> = {
  completed: 'success',
  manual_review: 'manual_review',
  action_required: 'action_required',
  failed: 'failed',
  rejected: 'rejected',
};

const REVIEW_MESSAGE = 'The verification needs a manual review; the result will follow.';

/**
 * POST /v1/verifications/{id}/submit (spec 4.7). Three steps: move to processing and open an
 * attempt (one transaction), gather evidence and the decision over gRPC (no locks held), apply
 * the decision (one transaction, with its outbox events). Effects on other services run after commit.
 */
export class SubmitVerificationUseCase {
  constructor(private readonly sessions: SessionRepository, private readonly clients: Pick<ServiceClients, 'document' | 'biometrics' | 'scoring'>, private readonly logger: Logger) {}

  async execute(scope: SessionScope, sessionId: string): Promise<session.SubmitResult> {
    const started = await this.sessions.transaction(async (manager) => {
      const current = await lockForWrite(this.sessions, manager, scope, sessionId);
      if (current.status === 'completed') return { kind: 'cached', session: current } as const;
      // The state machine speaks first (processing, closed, expired), then completeness.
      transition(snapshotOf(current), 'submitted', { now: new Date() });
      if (!current.testMode || current.status !== 'pending') assertUploadsComplete(current);
      const attemptId = await this.sessions.insertAttempt(manager, current.id);
      const applied = await applyTransition(this.sessions, manager, current, 'submitted', {}, { latestAttemptId: attemptId });
      return { kind: 'started', session: applied.session, attemptId, previousStatus: current.status } as const;
    });
    if (started.kind === 'cached') return this.cachedResult(started.session);

    let evidence: Awaited<ReturnType<typeof this.gatherEvidence>>;
    try {
      evidence = await this.gatherEvidence(started.session, started.attemptId);
    } catch (error) {
      await this.abandonAttempt(started.session, started.attemptId, started.previousStatus, abandonReason(error));
      throw error;
    }
    const { decision, documentEvidence, faceMatch } = evidence;

    const finished = await this.sessions.transaction(async (manager) => {
      const current: SessionRecord = await this.sessions.findForUpdate(manager, scope, sessionId);
      const trigger = OUTCOME_TRIGGERS[decision.outcome] ?? 'pipeline_needs_review';
      const effects: Effect[] = [];
      const extractedData = documentEvidence.analysed ? extractedFields(documentEvidence) : null;
      const duplicateSuspected = faceMatch?.duplicate?.suspected ?? false;
      const eventFor = (event: EmittedEvent) => (event === 'verification.completed'
        ? completedEvent(current, { attemptId: started.attemptId, confidence: decision.confidence, documentType: documentEvidence.documentType, extractedData, duplicateSuspected })
        : statusChangedEvent(current, decision));
      let applied = await applyTransition(this.sessions, manager, current, trigger, { nextAction: asNextAction(decision.nextAction) }, {}, eventFor);
      effects.push(...applied.effects);
      if (decision.outcome === 'rejected' && applied.session.status === 'manual_review') {
        // Test-mode persona: the "reviewer" rejects at once, exactly as a human reviewer would.
        applied = await applyTransition(this.sessions, manager, applied.session, 'review_rejected', {}, {}, eventFor);
        effects.push(...applied.effects);
      }
      const status = applied.session.status;
      const issueCodes = status === 'manual_review' || status === 'action_required' || status === 'rejected' ? nonEmptyIssues(decision.issueCodes) : [];
      const attempt: Omit<AttemptRecord, 'id' | 'sessionId' | 'createdAt' | 'isReused' | 'poaStatus'> = {
        status: ATTEMPT_STATUS[status] ?? status,
        confidence: decision.confidence,
        documentType: documentEvidence.documentType || null,
        faceMatchStatus: faceMatch?.status || null,
        faceMatchScore: faceMatch?.performed ? faceMatch.score : null,
        failureReason: decision.failureReason || (status === 'rejected' ? decision.rejectionReason : '') || null,
        // Spec part 3: a failed pipeline purges the extracted state; the attempt keeps its outcome and reason only.
        extractedData: status === 'failed' ? null : extractedData,
        issueCodes,
        nextAction: status === 'action_required' ? decision.nextAction || null : null,
        duplicateSuspected,
      };
      await this.sessions.completeAttempt(manager, started.attemptId, attempt);
      return { session: applied.session, effects, attempt };
    });

    await this.runExternalEffects(finished.session, finished.effects);
    if (finished.session.status === 'failed' && isErrorCode(decision.failureReason)) throw new KycError(decision.failureReason);
    return this.resultFor(finished.session, { id: started.attemptId, ...finished.attempt });
  }

  private async gatherEvidence(current: SessionRecord, attemptId: string) {
    const documentEvidence = await this.clients.document.getDocumentEvidence({ sessionId: current.id, testMode: current.testMode, email: current.email ?? '' });
    const faceMatch = current.testMode || current.uploads.face
      ? await this.clients.biometrics.matchFace({
        sessionId: current.id,
        testMode: current.testMode,
        projectId: current.projectId,
        environment: current.environment,
        identityKey: documentEvidence.analysed ? identityKey(documentEvidence) : '',
        emailKey: current.email ? sha256(current.email) : '',
      })
      : undefined;
    const signals: scoring.Signal[] = [
      ...recordedProblems(current.uploadProblems).map((code: string) => ({ name: 'recorded_upload_problem', value: 1, code, source: 'upload', kind: 'recorded', severity: 'medium', side: '', detail: '' })),
      ...documentEvidence.signals.map((signal) => ({ name: 'document_signal', value: 1, code: signal.code, source: 'document', kind: signal.kind, severity: signal.severity, side: signal.side, detail: signal.detail })),
    ];
    const decision = await this.clients.scoring.decide({
      sessionId: current.id,
      attemptId,
      projectId: current.projectId,
      environment: current.environment,
      testMode: current.testMode,
      email: current.email ?? '',
      signals,
      documentAnalysed: documentEvidence.analysed,
      documentType: documentEvidence.documentType,
      detectionConfidence: documentEvidence.detectionConfidence,
      requiresBackSide: documentEvidence.requiresBackSide,
      faceMatchPerformed: faceMatch?.performed ?? false,
      faceMatchScore: faceMatch?.score ?? 0,
      faceMatchStatus: faceMatch?.status ?? 'NOT_PERFORMED',
      livenessConfidence: faceMatch?.livenessConfidence ?? 0,
      duplicateSuspected: faceMatch?.duplicate?.suspected ?? false,
      recollectionCycles: current.actionCycles,
    });
    return { decision, documentEvidence, faceMatch };
  }

  /**
   * The submit did not happen: the pipeline could not run (a service was unreachable), or the selfie cannot be
   * compared (KYC_021 no face, KYC_022 too poor), which a new selfie fixes without re-uploading the document.
   * The session goes back to where it was; the attempt stays on record with its reason, hidden from the read.
   */
  private async abandonAttempt(current: SessionRecord, attemptId: string, previousStatus: string, reason: string): Promise<void> {
    await this.sessions.transaction(async (manager) => {
      await this.sessions.completeAttempt(manager, attemptId, {
        status: 'abandoned', confidence: null, documentType: null, faceMatchStatus: null, faceMatchScore: null,
        failureReason: reason, extractedData: null, issueCodes: [], nextAction: null, duplicateSuspected: false,
      });
      await manager.query(`UPDATE session.sessions SET status = $2, updated_at = now() WHERE id = $1 AND status = 'processing'`, [current.id, previousStatus]);
    });
  }

  private async runExternalEffects(current: SessionRecord, effects: Effect[]): Promise<void> {
    for (const effect of effects) {
      try {
        // 'bill' needs nothing here: billing consumes verification.completed from the outbox.
        if (effect.type === 'purge_artifacts') {
          await this.clients.document.purgeSession({ sessionId: current.id });
          await this.clients.biometrics.purgeSession({ sessionId: current.id });
        }
      } catch (error) {
        this.logger.error({ err: error, sessionId: current.id, effect: effect.type }, 'post-decision effect failed');
      }
    }
  }

  private async cachedResult(current: SessionRecord): Promise<session.SubmitResult> {
    const attempt = await this.sessions.findAttempt(current.latestAttemptId);
    if (!attempt) throw new KycError(ErrorCode.INTERNAL, 'Completed session without an attempt');
    return this.resultFor(current, attempt);
  }

  private resultFor(current: SessionRecord, attempt: Pick<AttemptRecord, 'id' | 'confidence' | 'documentType' | 'extractedData' | 'issueCodes' | 'failureReason' | 'nextAction'>): session.SubmitResult {
    const status = current.status === 'rejected' ? 'manual_review' : current.status;
    return {
      success: status === 'completed',
      status,
      timestamp: new Date().toISOString(),
      confidence: attempt.confidence ?? 0,
      documentType: attempt.documentType ?? '',
      extractedData: toExtractedData(attempt.extractedData),
      verificationAttemptId: attempt.id,
      jobId: '',
      message: status === 'manual_review' ? REVIEW_MESSAGE : status === 'action_required' ? 'Please upload the requested document side again.' : (attempt.failureReason ?? ''),
      issueCodes: status === 'manual_review' || status === 'action_required' ? nonEmptyIssues(attempt.issueCodes) : [],
      nextAction: status === 'action_required' ? attempt.nextAction ?? '' : '',
    };
  }
}

function assertUploadsComplete(current: SessionRecord): void {
  const { uploads } = current;
  if (!uploads.front && !uploads.main && !uploads.back) throw new KycError(ErrorCode.UPLOADS_MISSING, 'Upload the document before submitting');
  if (current.requiresBackSide && uploads.front && !uploads.back) throw new KycError(ErrorCode.BACK_SIDE_REQUIRED);
  if (!documentsReady(uploads, current.requiresBackSide)) throw new KycError(ErrorCode.UPLOADS_MISSING, 'Upload the front side of the document before submitting');
  if (!uploads.face) throw new KycError(ErrorCode.UPLOADS_MISSING, 'Upload the selfie before submitting');
}

/** A selfie the matcher refused keeps its code; anything else means the pipeline itself could not run. */
function abandonReason(error: unknown): string {
  return error instanceof KycError && (error.code === ErrorCode.FACE_NOT_DETECTED || error.code === ErrorCode.SELFIE_QUALITY_TOO_LOW)
    ? error.code
    : 'processing could not run';
}

function asNextAction(value: string): NextAction | undefined {
  return value === 'resubmit_front' || value === 'resubmit_back' ? value : undefined;
}

/** Review and action-required issues are never empty (spec 2.8). */
function nonEmptyIssues(codes: string[]): string[] {
  return codes.length ? [...new Set(codes)] : ['GENERIC_REVIEW'];
}

const EXTRACTED_FIELDS = ['fullName', 'firstName', 'lastName', 'dateOfBirth', 'nationality', 'sex', 'documentNumber', 'issueDate', 'expiryDate', 'placeOfBirth'] as const;

function extractedFields(evidence: document.DocumentEvidence): Record<string, string> {
  return Object.fromEntries(EXTRACTED_FIELDS.filter((field) => evidence[field] !== '').map((field) => [field, evidence[field]]));
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * One person's identity as printed on the document, normalised (case, accents, spacing) so that
 * two reads of the same document agree; only its hash leaves this service.
 */
function identityKey(evidence: document.DocumentEvidence): string {
  const fold = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();
  const name = fold(evidence.lastName && evidence.firstName ? `${evidence.lastName} ${evidence.firstName}` : evidence.fullName);
  return name && evidence.dateOfBirth ? sha256(`${name}|${evidence.dateOfBirth}`) : '';
}
