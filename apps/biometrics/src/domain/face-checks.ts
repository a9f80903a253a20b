import type { SelfieAnalysis } from '@kyc/face';

/**
 * What a selfie upload records. `live`: a live face fit for matching; `no_face` and
 * `low_quality` are accepted at upload and surface at submit as KYC_021 / KYC_022 (spec 4.5);
 * `not_performed`: test mode or a selfie recorded before the face models existed.
 */
export type SelfieStatus = 'live' | 'no_face' | 'low_quality' | 'not_performed';

export interface RecordedSelfie {
  status: SelfieStatus;
  /** Liveness confidence in [0,1]; 0 when liveness could not judge. */
  confidence: number;
  faceDetected: boolean;
  /** Why the face is unfit (quality measures, several faces, liveness without a verdict). */
  qualityReasons: string[];
  faceCount: number;
  embedding: Float32Array | null;
}

export type SelfieVerdict =
  | { accepted: true; selfie: RecordedSelfie }
  /** A spoof: rejected with KYC_008b, never recorded (spec part 3, rule 4). */
  | { accepted: false; details: string };

/** Our fault, not the caller's: the models could not run. */
export class SelfieAnalysisUnavailable extends Error {}

const noFace: RecordedSelfie = { status: 'no_face', confidence: 0, faceDetected: false, qualityReasons: [], faceCount: 0, embedding: null };

/** The upload decision for a sandbox or live selfie, from the face library's analysis. */
export function judgeSelfie(analysis: SelfieAnalysis): SelfieVerdict {
  switch (analysis.kind) {
    case 'error':
      throw new SelfieAnalysisUnavailable(analysis.message);
    case 'invalid_image':
    case 'no_face':
      return { accepted: true, selfie: noFace };
    case 'analysed': {
      const { face, liveness } = analysis;
      if (liveness.reason === 'SPOOF') return { accepted: false, details: `REASON|SPOOF|${liveness.subReason ?? 'MODEL'}` };
      if (liveness.reason === 'INTERNAL') throw new SelfieAnalysisUnavailable(liveness.details.message ?? 'liveness models unavailable');
      const qualityReasons: string[] = face.kind === 'low_quality' ? [...face.reasons] : [];
      if (face.faceCount > 1) qualityReasons.push('multiple_faces');
      if (!liveness.isLive) qualityReasons.push(`liveness_${(liveness.subReason ?? liveness.reason ?? 'no_verdict').toLowerCase()}`);
      return {
        accepted: true,
        selfie: {
          status: qualityReasons.length ? 'low_quality' : 'live',
          confidence: liveness.isLive ? liveness.confidence : 0,
          faceDetected: true,
          qualityReasons,
          faceCount: face.faceCount,
          embedding: face.face.embedding,
        },
      };
    }
  }
}

/**
 * The stateless pre-check (check_liveness_base64): the same analysis as an upload, reduced to
 * { isLive, confidence }. No face, or a face liveness cannot judge, is not live.
 */
export function livenessVerdict(analysis: SelfieAnalysis): { isLive: boolean; confidence: number } {
  if (analysis.kind === 'error') throw new SelfieAnalysisUnavailable(analysis.message);
  if (analysis.kind !== 'analysed') return { isLive: false, confidence: 0 };
  if (analysis.liveness.reason === 'INTERNAL')
    throw new SelfieAnalysisUnavailable(analysis.liveness.details.message ?? 'liveness models unavailable');
  return { isLive: analysis.liveness.isLive, confidence: analysis.liveness.confidence };
}

/** Test mode: a live selfie of the persona. */
export const TEST_MODE_SELFIE: RecordedSelfie = {
  status: 'not_performed',
  confidence: 0.98,
  faceDetected: true,
  qualityReasons: [],
  faceCount: 1,
  embedding: null,
};
/** Test mode: the persona's selfie matches its document. */
export const TEST_MODE_MATCH = { status: 'MATCHED', score: 0.96, performed: true } as const;
