import { Controller } from '@nestjs/common';
import { biometrics } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { analyzeSelfie, checkLiveness } from '@kyc/face';
import { decodeImage } from '@kyc/image-intake';
import { type RecordedSelfie, SelfieAnalysisUnavailable, TEST_MODE_MATCH, TEST_MODE_SELFIE, UNCHECKED_MATCH, judgeSelfie } from '../domain/face-checks';
import { SelfieRepository } from '../infrastructure/selfie.repository';

@Controller()
@biometrics.BiometricsServiceControllerMethods()
export class BiometricsGrpcController implements biometrics.BiometricsServiceController {
  constructor(private readonly selfies: SelfieRepository) {}

  /**
   * Sandbox and live: face detection, embedding and passive liveness at once (spec 4.5). A spoof
   * is rejected with KYC_008b and not recorded; no face or poor quality is recorded and surfaces
   * at submit. Test mode keeps the personas.
   */
  async analyzeSelfie(request: biometrics.AnalyzeSelfieRequest): Promise<biometrics.SelfieAnalysis> {
    const image = Buffer.from(request.image);
    const decoded = await decodeImage(image);
    let selfie: RecordedSelfie = TEST_MODE_SELFIE;
    if (!request.testMode) {
      let verdict;
      try {
        verdict = judgeSelfie(await analyzeSelfie(image));
      } catch (error) {
        if (error instanceof SelfieAnalysisUnavailable) throw new KycError(ErrorCode.INTERNAL, 'Selfie analysis is unavailable; try again');
        throw error;
      }
      if (!verdict.accepted) return { live: false, livenessConfidence: 0, rejectionDetails: verdict.details, faceDetected: true };
      selfie = verdict.selfie;
    }
    await this.selfies.save({ sessionId: request.sessionId, projectId: request.projectId, width: decoded.width, height: decoded.height, selfie });
    return { live: true, livenessConfidence: selfie.confidence, rejectionDetails: '', faceDetected: selfie.faceDetected };
  }

  async matchFace(request: biometrics.MatchFaceRequest): Promise<biometrics.FaceMatch> {
    const noDuplicate = { suspected: false, matches: 0, reason: '' };
    if (request.testMode) return { ...TEST_MODE_MATCH, detail: '', livenessConfidence: TEST_MODE_SELFIE.confidence, duplicate: noDuplicate };
    const selfie = await this.selfies.find(request.sessionId);
    if (!selfie || selfie.status === 'no_face') throw new KycError(ErrorCode.FACE_NOT_DETECTED, 'No face was found in the selfie; upload a new one');
    if (selfie.status === 'low_quality') throw new KycError(ErrorCode.SELFIE_QUALITY_TOO_LOW, `The selfie is not fit for matching (${selfie.qualityReasons.join(', ')}); upload a new one`);
    return { ...UNCHECKED_MATCH, detail: 'no document portrait', livenessConfidence: selfie.confidence, duplicate: noDuplicate };
  }

  async checkLiveness(request: biometrics.CheckLivenessRequest): Promise<biometrics.LivenessVerdict> {
    const result = await checkLiveness(Buffer.from(request.image));
    return { isLive: result.isLive, confidence: result.confidence };
  }

  async purgeSession(request: biometrics.PurgeSessionRequest): Promise<biometrics.PurgeSessionResponse> {
    return { purged: await this.selfies.purge(request.sessionId) };
  }
}
