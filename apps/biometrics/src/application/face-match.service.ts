import type { EnvironmentName } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { analyzeFace } from '@kyc/face';
import { findDuplicates, type DuplicateVerdict } from '../domain/duplicate-check';
import { comparePortrait, portraitNotCompared, type PortraitComparison } from '../domain/face-match';
import type { SelfieRepository, StoredSelfie } from '../infrastructure/selfie.repository';

/** Port to the document service, which owns document images and crops the portrait. */
export interface PortraitSource {
  getPortrait(sessionId: string): Promise<{ found: boolean; image: Uint8Array; side: string }>;
}

export interface FaceMatchRequest {
  sessionId: string;
  projectId: string;
  environment: EnvironmentName;
  identityKey: string;
  emailKey: string;
}

export interface EnrolledMatchRequest {
  sessionId: string;
  projectId: string;
  environment: EnvironmentName;
  /** The earlier completed verification whose enrolled face the selfie must match. */
  enrolledSessionId: string;
  emailKey: string;
}

export interface FaceMatchOutcome {
  comparison: PortraitComparison;
  livenessConfidence: number;
  duplicate: DuplicateVerdict;
}

/**
 * Submit's biometric evidence for sandbox and live sessions: the recorded selfie against the
 * portrait printed on the document, and against the faces of earlier completed verifications.
 */
export class FaceMatchService {
  constructor(
    private readonly selfies: SelfieRepository,
    private readonly portraits: PortraitSource,
  ) {}

  async match(request: FaceMatchRequest): Promise<FaceMatchOutcome> {
    const selfie = await this.matchableSelfie(request.sessionId);
    const comparison = await this.compareWithPortrait(request.sessionId, selfie.embedding);
    return this.recordWithDuplicates(request, selfie, comparison);
  }

  /**
   * Vault reuse: the session's selfie against the enrolled face of an earlier completed verification
   * of the same project environment (selfie against selfie, in the portrait match's bands). The
   * match is recorded under the earlier verification's identity, so that the reused completion
   * joins the duplicate index as the same person. NOT_PERFORMED when that verification has no
   * enrolled face here (never completed, of another project or environment, or purged).
   */
  async matchEnrolled(request: EnrolledMatchRequest): Promise<FaceMatchOutcome> {
    const selfie = await this.matchableSelfie(request.sessionId);
    const enrolled =
      request.enrolledSessionId === request.sessionId
        ? null
        : await this.selfies.findEnrolled(request.enrolledSessionId, request.projectId, request.environment);
    if (!enrolled) {
      return {
        comparison: portraitNotCompared('no enrolled face for that verification in this project environment'),
        livenessConfidence: selfie.confidence,
        duplicate: { suspected: false, matches: 0, reasons: [], sessionIds: [] },
      };
    }
    const comparison = comparePortrait(selfie.embedding, enrolled.embedding);
    return this.recordWithDuplicates({ ...request, identityKey: enrolled.identityKey }, selfie, comparison);
  }

  /** KYC_021 / KYC_022 for a selfie that cannot be matched. */
  private async matchableSelfie(sessionId: string): Promise<StoredSelfie & { embedding: Float32Array }> {
    const selfie = await this.selfies.find(sessionId);
    if (!selfie || selfie.status === 'no_face' || !selfie.embedding)
      throw new KycError(ErrorCode.FACE_NOT_DETECTED, 'No face was found in the selfie; upload a new one');
    if (selfie.status === 'low_quality')
      throw new KycError(
        ErrorCode.SELFIE_QUALITY_TOO_LOW,
        `The selfie is not fit for matching (${selfie.qualityReasons.join(', ')}); upload a new one`,
      );
    return { ...selfie, embedding: selfie.embedding };
  }

  /** The duplicate check against the environment's enrolled faces, and the match recorded on the session's selfie. */
  private async recordWithDuplicates(
    request: FaceMatchRequest,
    selfie: StoredSelfie & { embedding: Float32Array },
    comparison: PortraitComparison,
  ): Promise<FaceMatchOutcome> {
    const enrolled = await this.selfies.enrolledFaces(request.projectId, request.environment);
    const duplicate = findDuplicates(
      { sessionId: request.sessionId, embedding: selfie.embedding, identityKey: request.identityKey, emailKey: request.emailKey },
      enrolled,
    );
    await this.selfies.recordMatch(request.sessionId, {
      environment: request.environment,
      identityKey: request.identityKey,
      emailKey: request.emailKey,
      comparison,
      duplicateSuspected: duplicate.suspected,
    });
    return { comparison, livenessConfidence: selfie.confidence, duplicate };
  }

  private async compareWithPortrait(sessionId: string, selfieEmbedding: Float32Array): Promise<PortraitComparison> {
    const portrait = await this.portraits.getPortrait(sessionId);
    if (!portrait.found || portrait.image.length === 0) return portraitNotCompared('no portrait was found on the document');
    const face = await analyzeFace(Buffer.from(portrait.image));
    // A printed portrait is small and flat: the selfie's quality gates do not apply to it, only
    // whether a face could be embedded at all.
    if (face.kind !== 'face' && face.kind !== 'low_quality')
      return portraitNotCompared(`the document portrait could not be embedded (${face.kind})`);
    // The crop is the face box the document's search found plus a 40 % margin, so a real portrait
    // is found again by the detector (directly or padded: every one of 82 printed faces-real-dev
    // portraits, eval:pipeline --portraits). When only the whole-image fallback embeds it, the
    // search took something else for a face (eval:pipeline saw a block of printed text): its
    // descriptor means nothing, and a NOT_MATCHED from it would fail a genuine person with KYC_020.
    if (face.detection === 'whole_image')
      return portraitNotCompared('no face detected in the document portrait crop (only the whole-image fallback embedded it)');
    return comparePortrait(selfieEmbedding, face.face.embedding);
  }
}
