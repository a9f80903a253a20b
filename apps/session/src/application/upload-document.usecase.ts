import type { session } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { evaluateUploadProblems } from '../domain/recoverable-problems';
import type { ServiceClients } from '../infrastructure/service-clients';
import type { SessionRepository, SessionScope } from '../infrastructure/session.repository';
import { lockForWrite } from './session-expiry';
import { applyTransition, snapshotOf } from './session-transitions';
import { transition } from '../domain/session-state-machine';
import { type DocumentSide, documentsReady, nextStepMessage, uploadedSides } from './upload-readiness';

export interface UploadDocumentCommand {
  scope: SessionScope;
  sessionId: string;
  side: DocumentSide;
  image: Buffer;
}

/**
 * POST /v1/verifications/{id}/documents (spec 4.4). The side is analysed at once by the document
 * service (outside any transaction: analysis is slow), then the result is applied under a row
 * lock, re-checking the state machine in case the session moved meanwhile.
 */
export class UploadDocumentUseCase {
  constructor(private readonly sessions: SessionRepository, private readonly clients: Pick<ServiceClients, 'document'>) {}

  async execute(command: UploadDocumentCommand): Promise<session.DocumentUploadResult> {
    const before = await this.sessions.transaction((manager) => lockForWrite(this.sessions, manager, command.scope, command.sessionId));
    transition(snapshotOf(before), 'document_uploaded', { now: new Date(), side: command.side });

    const analysis = await this.clients.document.analyzeSide({
      sessionId: before.id,
      projectId: before.projectId,
      side: command.side,
      image: command.image,
      testMode: before.testMode,
    });

    const outcome = await this.sessions.transaction(async (manager) => {
      const current = await lockForWrite(this.sessions, manager, command.scope, command.sessionId);
      const evaluation = evaluateUploadProblems(current.uploadProblems, command.side, analysis.issueCodes);
      if (evaluation.outcome === 'retake') {
        await this.sessions.update(manager, current.id, { uploadProblems: evaluation.state });
        return { retake: evaluation.reasonCode } as const;
      }
      const applied = await applyTransition(this.sessions, manager, current, 'document_uploaded', { side: command.side });
      const uploads = { ...applied.session.uploads, [command.side]: true };
      const definesDocument = command.side !== 'back' || applied.session.requiresBackSide === null;
      const updated = await this.sessions.update(manager, current.id, {
        uploads,
        uploadProblems: evaluation.state,
        ...(definesDocument ? { documentType: analysis.detectedDocumentType, requiresBackSide: analysis.requiresBackSide } : {}),
      });
      return { updated, recorded: evaluation.outcome === 'accepted_recorded' ? evaluation.recorded : [] } as const;
    });

    if ('retake' in outcome) {
      throw new KycError(ErrorCode.IMAGE_QUALITY_TOO_LOW, 'Please retake this side of the document', { reasonCode: outcome.retake });
    }
    const { updated, recorded } = outcome;
    const ready = documentsReady(updated.uploads, updated.requiresBackSide);
    return {
      success: true,
      detectedDocumentType: analysis.detectedDocumentType,
      detectionConfidence: analysis.detectionConfidence,
      uploadedImageType: command.side,
      isValidDocument: analysis.isValidDocument,
      requiresBackSide: updated.requiresBackSide ?? analysis.requiresBackSide,
      uploadedSides: uploadedSides(updated.uploads, updated.requiresBackSide),
      readyForVerification: ready,
      nextStepMessage: nextStepMessage(updated.uploads, updated.requiresBackSide),
      issues: recorded.map((code: string) => ({ code, scope: command.side })),
    };
  }
}
