import { ErrorCode, KycError } from '@kyc/errors';
import { assertConsentGiven } from '../domain/consent';
import { assertCaptureAllowed, type Capture } from '../domain/environment-settings';
import type { SessionScope } from '../domain/session';
import { transition } from '../domain/session-state-machine';
import { documentsReady } from '../domain/upload-readiness';
import { PROMOTION_DEADLINE_MS, type ServiceClients } from './ports/service-clients';
import type { SessionStore } from './ports/session-store';
import { lockForWrite } from './session-expiry';
import { refuseIfPurgedSince } from './upload-fence';
import { applyTransition, snapshotOf } from './session-transitions';

/** What a selfie upload answers (spec 4.5). */
export interface FaceUploadOutcome {
  confidence: number;
  message: string;
  readyForFinalVerification: boolean;
}

/**
 * POST /v1/verifications/{id}/face (spec 4.5): liveness runs at once; a non-live selfie is
 * always rejected with KYC_008b and never recorded (spec part 3, recoverable problems rule 4).
 */
export class UploadFaceUseCase {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clients: Pick<ServiceClients, 'biometrics'>,
  ) {}

  async execute(command: {
    scope: SessionScope;
    sessionId: string;
    image: Buffer;
    consentRequired?: boolean;
    /** How the selfie was taken, as declared; absent is a file upload. */
    capture?: Capture;
  }): Promise<FaceUploadOutcome> {
    const before = await this.sessions.transaction((tx) => lockForWrite(tx, command.scope, command.sessionId));
    transition(snapshotOf(before), 'face_uploaded', { now: new Date() });
    assertConsentGiven(before, command.consentRequired ?? false);
    assertCaptureAllowed(before.allowManualUpload, command.capture ?? 'unspecified');

    const analysis = await this.clients.biometrics.analyzeSelfie({
      sessionId: before.id,
      projectId: before.projectId,
      image: command.image,
      testMode: before.testMode,
      dataGeneration: before.dataGeneration,
    });
    if (!analysis.live) throw new KycError(ErrorCode.LIVENESS_FAILED, undefined, analysis.rejectionDetails || 'REASON|SPOOF|UNKNOWN');

    const updated = await this.sessions.transaction(async (tx) => {
      const current = await lockForWrite(tx, command.scope, command.sessionId);
      refuseIfPurgedSince(before, current);
      const applied = await applyTransition(tx, current, 'face_uploaded', {});
      // Under the lock, after the state check: see UploadDocumentUseCase.
      await this.clients.biometrics.promoteSelfie(
        { sessionId: current.id, uploadId: analysis.uploadId },
        { deadlineMs: PROMOTION_DEADLINE_MS },
      );
      return tx.update(current.id, { uploads: { ...applied.uploads, face: true } });
    });
    const ready = documentsReady(updated.uploads, updated.requiresBackSide);
    return {
      confidence: analysis.livenessConfidence,
      message: !analysis.faceDetected
        ? 'Selfie accepted, but no face was found in it: upload a new selfie before submitting.'
        : ready
          ? 'Selfie accepted: submit the verification.'
          : 'Selfie accepted: upload the document sides next.',
      readyForFinalVerification: ready,
    };
  }
}
