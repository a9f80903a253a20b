import { documentSides } from '@kyc/contracts';
import { KycError } from '@kyc/errors';
import { assertConsentGiven } from '../domain/consent';
import { assertCaptureAllowed, type Capture } from '../domain/environment-settings';
import { evaluateUploadProblems, retakeErrorCode } from '../domain/recoverable-problems';
import type { DocumentSide, SessionScope } from '../domain/session';
import { transition } from '../domain/session-state-machine';
import { documentsReady, nextStepMessage, uploadedSides } from '../domain/upload-readiness';
import { PROMOTION_DEADLINE_MS, type ServiceClients } from './ports/service-clients';
import type { SessionStore } from './ports/session-store';
import { lockForWrite } from './session-expiry';
import { refuseIfPurgedSince } from './upload-fence';
import { applyTransition, snapshotOf } from './session-transitions';

export interface UploadDocumentCommand {
  scope: SessionScope;
  sessionId: string;
  side: DocumentSide;
  image: Buffer;
  /** A device-side upload: refused before the end user's consent. */
  consentRequired?: boolean;
  /** How the image was taken, as declared; absent is a file upload. */
  capture?: Capture;
}

/** What a document upload answers (spec 4.4). */
export interface DocumentUploadOutcome {
  detectedDocumentType: string;
  detectionConfidence: number;
  uploadedImageType: DocumentSide;
  isValidDocument: boolean;
  requiresBackSide: boolean;
  uploadedSides: Record<string, boolean>;
  readyForVerification: boolean;
  nextStepMessage: string;
  /** Problems accepted on their second occurrence: recorded, they send the attempt to review. */
  issues: { code: string; scope: DocumentSide }[];
}

/**
 * POST /v1/verifications/{id}/documents (spec 4.4). The side is analysed at once by the document
 * service (outside any transaction: analysis is slow), which keeps it as a candidate; then, under
 * the row lock and re-checking the state machine in case the session moved meanwhile, the
 * candidate is promoted to the session's side. A retake-style refusal promotes nothing, so the
 * side accepted before stays what submit reads.
 */
export class UploadDocumentUseCase {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clients: Pick<ServiceClients, 'document'>,
  ) {}

  async execute(command: UploadDocumentCommand): Promise<DocumentUploadOutcome> {
    const before = await this.sessions.transaction((tx) => lockForWrite(tx, command.scope, command.sessionId));
    transition(snapshotOf(before), 'document_uploaded', { now: new Date(), side: command.side });
    assertConsentGiven(before, command.consentRequired ?? false);
    assertCaptureAllowed(before.allowManualUpload, command.capture ?? 'unspecified');

    const analysis = await this.clients.document.analyzeSide({
      sessionId: before.id,
      projectId: before.projectId,
      side: documentSides.toWire(command.side),
      image: command.image,
      testMode: before.testMode,
      dataGeneration: before.dataGeneration,
    });

    const outcome = await this.sessions.transaction(async (tx) => {
      const current = await lockForWrite(tx, command.scope, command.sessionId);
      refuseIfPurgedSince(before, current);
      const evaluation = evaluateUploadProblems(current.uploadProblems, command.side, analysis.issueCodes);
      if (evaluation.outcome === 'retake') {
        await tx.update(current.id, { uploadProblems: evaluation.state });
        return { retake: evaluation.reasonCode } as const;
      }
      const applied = await applyTransition(tx, current, 'document_uploaded', { side: command.side });
      // Under the session's lock and after its state check: an upload that lost a race with a
      // submit, a completion or a purge is never promoted (its candidate is swept).
      await this.clients.document.promoteSide(
        { sessionId: current.id, side: documentSides.toWire(command.side), uploadId: analysis.uploadId },
        { deadlineMs: PROMOTION_DEADLINE_MS },
      );
      const uploads = { ...applied.uploads, [command.side]: true };
      const definesDocument = command.side !== 'back' || applied.requiresBackSide === null;
      const updated = await tx.update(current.id, {
        uploads,
        uploadProblems: evaluation.state,
        ...(definesDocument ? { documentType: analysis.detectedDocumentType, requiresBackSide: analysis.requiresBackSide } : {}),
      });
      return { updated, recorded: evaluation.outcome === 'accepted_recorded' ? evaluation.recorded : [] } as const;
    });

    if ('retake' in outcome && typeof outcome.retake === 'string') {
      const reasonCode = outcome.retake;
      throw new KycError(retakeErrorCode(reasonCode), 'Please retake this side of the document', { reasonCode });
    }
    const { updated, recorded } = outcome;
    return {
      detectedDocumentType: analysis.detectedDocumentType,
      detectionConfidence: analysis.detectionConfidence,
      uploadedImageType: command.side,
      isValidDocument: analysis.isValidDocument,
      requiresBackSide: updated.requiresBackSide ?? analysis.requiresBackSide,
      uploadedSides: uploadedSides(updated.uploads, updated.requiresBackSide),
      readyForVerification: documentsReady(updated.uploads, updated.requiresBackSide),
      nextStepMessage: nextStepMessage(updated.uploads, updated.requiresBackSide),
      issues: recorded.map((code: string) => ({ code, scope: command.side })),
    };
  }
}
