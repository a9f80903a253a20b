import { Controller } from '@nestjs/common';
import { biometrics } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { decodeImage } from '@kyc/image-intake';
import { TEST_MODE_LIVENESS, TEST_MODE_MATCH, UNCHECKED_LIVENESS, UNCHECKED_MATCH } from '../domain/face-checks';
import { SelfieRepository } from '../infrastructure/selfie.repository';

@Controller()
@biometrics.BiometricsServiceControllerMethods()
export class BiometricsGrpcController implements biometrics.BiometricsServiceController {
  constructor(private readonly selfies: SelfieRepository) {}

  async analyzeSelfie(request: biometrics.AnalyzeSelfieRequest): Promise<biometrics.SelfieAnalysis> {
    const decoded = await decodeImage(Buffer.from(request.image));
    const liveness = request.testMode ? TEST_MODE_LIVENESS : UNCHECKED_LIVENESS;
    await this.selfies.save({ sessionId: request.sessionId, projectId: request.projectId, width: decoded.width, height: decoded.height, liveness });
    return { live: liveness.live, livenessConfidence: liveness.confidence, rejectionDetails: '', faceDetected: liveness.faceDetected };
  }

  async matchFace(request: biometrics.MatchFaceRequest): Promise<biometrics.FaceMatch> {
    if (request.testMode) return TEST_MODE_MATCH;
    if (!(await this.selfies.exists(request.sessionId))) throw new KycError(ErrorCode.FACE_NOT_DETECTED, 'No selfie was uploaded for this session');
    return UNCHECKED_MATCH;
  }
}
