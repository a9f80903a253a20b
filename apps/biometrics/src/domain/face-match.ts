import { MATCH_CALIBRATION, calibratedScore, euclideanDistance } from '@kyc/face';

/**
 * The selfie against the document portrait. The face library's threshold (score 0.5) is the
 * equal-risk point on same-domain pairs; a printed portrait is a harder, cross-domain comparison,
 * so scores close to it on either side are not decided automatically: they go to a reviewer as
 * FACE_MATCH_LOW_SCORE. Only clear scores decide.
 */
export const FACE_MATCH_BANDS = {
  /** At or above: MATCHED. */
  matched: 0.7,
  /** Below: NOT_MATCHED (KYC_020). In between: LOW_SCORE (manual review). */
  notMatched: 0.3,
} as const;

export type FaceMatchStatus = 'MATCHED' | 'NOT_MATCHED' | 'LOW_SCORE' | 'NOT_PERFORMED';

export interface PortraitComparison {
  status: FaceMatchStatus;
  /** Calibrated score in [0,1]; 0 when not performed. */
  score: number;
  performed: boolean;
  /** Internal: why not performed, or the raw distance. */
  detail: string;
}

export function comparePortrait(selfie: Float32Array, portrait: Float32Array): PortraitComparison {
  const distance = euclideanDistance(selfie, portrait);
  const score = calibratedScore(distance, MATCH_CALIBRATION);
  const status: FaceMatchStatus = score >= FACE_MATCH_BANDS.matched ? 'MATCHED' : score < FACE_MATCH_BANDS.notMatched ? 'NOT_MATCHED' : 'LOW_SCORE';
  return { status, score: roundScore(score), performed: true, detail: `distance ${distance.toFixed(4)}` };
}

export function portraitNotCompared(detail: string): PortraitComparison {
  return { status: 'NOT_PERFORMED', score: 0, performed: false, detail };
}

/** Scores and confidences leave the service with four decimals. */
export function roundScore(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
