import { Controller } from '@nestjs/common';
import { biometrics, faceMatchStatuses, projectEnvironments } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { type SelfieAnalysis, analyzeSelfie } from '@kyc/face';
import { AdmissionGate, requireWire } from '@kyc/grpc';
import { decodeImage } from '@kyc/image-intake';
import { type FaceMatchOutcome, FaceMatchService } from '../application/face-match.service';
import {
  type RecordedSelfie,
  SelfieAnalysisUnavailable,
  TEST_MODE_MATCH,
  TEST_MODE_SELFIE,
  judgeSelfie,
  livenessVerdict,
} from '../domain/face-checks';
import { roundScore } from '../domain/face-match';
import { SelfieRepository } from '../infrastructure/selfie.repository';
import { SelfieStageMetrics } from '../infrastructure/stage-metrics';

const NO_DUPLICATE: biometrics.DuplicateCheck = { suspected: false, matches: 0, reason: '', matchedSessionIds: [] };

@Controller()
@biometrics.BiometricsServiceControllerMethods()
export class BiometricsGrpcController implements biometrics.BiometricsServiceController {
  private readonly stageMetrics = new SelfieStageMetrics();

  constructor(
    private readonly selfies: SelfieRepository,
    private readonly faceMatch: FaceMatchService,
    /** Caps the model runs (detection, embedding, liveness, matching) running and waiting at once. */
    private readonly admission: AdmissionGate,
  ) {}

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
      const verdict = unavailableAsKycError(
        judgeSelfie,
        await this.admission.run(async () => this.stageMetrics.record(await analyzeSelfie(image))),
      );
      if (!verdict.accepted)
        return { live: false, livenessConfidence: 0, rejectionDetails: verdict.details, faceDetected: true, uploadId: '' };
      selfie = verdict.selfie;
    }
    const uploadId = await this.selfies.save({
      sessionId: request.sessionId,
      projectId: request.projectId,
      dataGeneration: request.dataGeneration,
      width: decoded.width,
      height: decoded.height,
      selfie,
      // Kept sealed for the reviewer's case view until the session's evidence is purged (test mode keeps none).
      ...(request.testMode ? {} : { image: { bytes: image, type: image[0] === 0x89 ? 'image/png' : 'image/jpeg' } }),
    });
    return { live: true, livenessConfidence: selfie.confidence, rejectionDetails: '', faceDetected: selfie.faceDetected, uploadId };
  }

  async getSelfieImage(request: biometrics.GetSelfieImageRequest): Promise<biometrics.SelfieImage> {
    const found = await this.selfies.selfieImage(request.sessionId, !request.metadataOnly);
    return found ? { found: true, image: found.image, mediaType: found.type } : { found: false, image: Buffer.alloc(0), mediaType: '' };
  }

  async dropSelfieImage(request: biometrics.DropSelfieImageRequest): Promise<biometrics.DropSelfieImageResponse> {
    return { dropped: await this.selfies.dropImage(request.sessionId) };
  }

  /** The session accepted the selfie upload (see SelfieRepository.promote). */
  async promoteSelfie(request: biometrics.PromoteSelfieRequest): Promise<biometrics.PromoteSelfieResponse> {
    const result = await this.selfies.promote(request.sessionId, request.uploadId);
    if (result === 'enrolled') throw new KycError(ErrorCode.SESSION_CLOSED, 'The verification is complete; its selfie no longer changes');
    // Swept (the session took longer than UPLOAD_CANDIDATE_TTL_MS to accept it) or never stored: the caller uploads again.
    if (result === 'unknown_candidate')
      throw new KycError(ErrorCode.SERVICE_UNAVAILABLE, 'The uploaded selfie is no longer held; upload it again');
    return {};
  }

  /** Submit: selfie against the document portrait and the duplicate index (KYC_021 / KYC_022 for an unusable selfie). */
  async matchFace(request: biometrics.MatchFaceRequest): Promise<biometrics.FaceMatch> {
    if (request.testMode) return testModeMatch();
    const environment = requireWire(projectEnvironments, request.environment, 'environment');
    const outcome = await this.admission.run(() => this.faceMatch.match({ ...request, environment }));
    return toFaceMatchMessage(outcome);
  }

  /**
   * Vault reuse: the session's selfie against an earlier completed verification's enrolled face
   * (see FaceMatchService.matchEnrolled). Test mode answers the test-mode match without the models.
   */
  async matchEnrolled(request: biometrics.MatchEnrolledRequest): Promise<biometrics.FaceMatch> {
    if (request.testMode) return testModeMatch();
    const environment = requireWire(projectEnvironments, request.environment, 'environment');
    const outcome = await this.admission.run(() => this.faceMatch.matchEnrolled({ ...request, environment }));
    return toFaceMatchMessage(outcome);
  }

  /**
   * The stateless pre-check behind check_liveness_base64 (spec 4.9): the same detection and
   * liveness as an upload, nothing stored. No face, or a face liveness cannot judge, is not live.
   */
  async checkLiveness(request: biometrics.CheckLivenessRequest): Promise<biometrics.LivenessVerdict> {
    const image = Buffer.from(request.image);
    await decodeImage(image);
    if (request.testMode) return { isLive: true, confidence: roundScore(TEST_MODE_SELFIE.confidence) };
    const verdict = unavailableAsKycError(
      livenessVerdict,
      await this.admission.run(async () => this.stageMetrics.record(await analyzeSelfie(image))),
    );
    return { isLive: verdict.isLive, confidence: roundScore(verdict.confidence) };
  }

  async purgeSession(request: biometrics.PurgeSessionRequest): Promise<biometrics.PurgeSessionResponse> {
    return { purged: await this.selfies.purge(request.sessionId, request.throughGeneration ?? null) };
  }
}

function testModeMatch(): biometrics.FaceMatch {
  return {
    ...TEST_MODE_MATCH,
    status: faceMatchStatuses.toWire(TEST_MODE_MATCH.status),
    detail: 'test mode',
    livenessConfidence: TEST_MODE_SELFIE.confidence,
    duplicate: NO_DUPLICATE,
  };
}

function toFaceMatchMessage(outcome: FaceMatchOutcome): biometrics.FaceMatch {
  return {
    status: faceMatchStatuses.toWire(outcome.comparison.status),
    score: outcome.comparison.score,
    performed: outcome.comparison.performed,
    detail: outcome.comparison.detail,
    livenessConfidence: outcome.livenessConfidence,
    duplicate: {
      suspected: outcome.duplicate.suspected,
      matches: outcome.duplicate.matches,
      reason: outcome.duplicate.reasons.join(','),
      matchedSessionIds: outcome.duplicate.sessionIds,
    },
  };
}

/** The models could not run: our fault, answered as INTERNAL so the caller may retry. */
function unavailableAsKycError<T>(judge: (analysis: SelfieAnalysis) => T, analysis: SelfieAnalysis): T {
  try {
    return judge(analysis);
  } catch (error) {
    if (error instanceof SelfieAnalysisUnavailable) throw new KycError(ErrorCode.INTERNAL, 'Selfie analysis is unavailable; try again');
    throw error;
  }
}
