import type { session } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { transition } from '../domain/session-state-machine';
import type { ServiceClients } from '../infrastructure/service-clients';
import type { SessionRepository, SessionScope } from '../infrastructure/session.repository';
import { lockForWrite } from './session-expiry';
import { applyTransition, snapshotOf } from './session-transitions';
import { documentsReady } from './upload-readiness';

/**
 * POST /v1/verifications/{id}/face (spec 4.5): liveness runs at once; a non-live selfie is
 * always rejected with KYC_008b and never recorded (spec part 3, recoverable problems rule 4).
 */
export class UploadFaceUseCase {
  constructor(private readonly sessions: SessionRepository, private readonly clients: Pick<ServiceClients, 'biometrics'>) {}

  async execute(command: { scope: SessionScope; sessionId: string; image: Buffer }): Promise<session.FaceUploadResult> {
    const before = await this.sessions.transaction((manager) => lockForWrite(this.sessions, manager, command.scope, command.sessionId));
    transition(snapshotOf(before), 'face_uploaded', { now: new Date() });

    const analysis = await this.clients.biometrics.analyzeSelfie({ sessionId: before.id, projectId: before.projectId, image: command.image, testMode: before.testMode });
    if (!analysis.live) throw new KycError(ErrorCode.LIVENESS_FAILED, undefined, analysis.rejectionDetails || 'REASON|SPOOF|UNKNOWN');

    const updated = await this.sessions.transaction(async (manager) => {
      const current = await lockForWrite(this.sessions, manager, command.scope, command.sessionId);
      const applied = await applyTransition(this.sessions, manager, current, 'face_uploaded', {});
      return this.sessions.update(manager, current.id, { uploads: { ...applied.session.uploads, face: true } });
    });
    const ready = documentsReady(updated.uploads, updated.requiresBackSide);
    return {
      success: true,
      confidence: analysis.livenessConfidence,
      message: !analysis.faceDetected
        ? 'Selfie accepted, but no face was found in it: upload a new selfie before submitting.'
        : ready ? 'Selfie accepted: submit the verification.' : 'Selfie accepted: upload the document sides next.',
      readyForFinalVerification: ready,
    };
  }
}
