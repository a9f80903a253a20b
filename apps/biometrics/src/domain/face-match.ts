import { MATCH_CALIBRATION, MATCH_SCORE_BANDS, calibratedScore, euclideanDistance } from '@kyc/face';

/**
 * The selfie against the document portrait, in the face library's bands (set in one place,
 * @kyc/face matching/match-score.ts, from faces-dev and faces-real-dev selfie pairs and printed
 * portraits against selfies together): MATCHED where impostors are accepted at FAR ≤ 1e-3
 * (distance ≤ 0.595, score ≥ 0.7); LOW_SCORE, a reviewer's call as FACE_MATCH_LOW_SCORE, up to the
 * FAR 1e-2 distance (0.655, score 0.3); NOT_MATCHED beyond.
 */
export const FACE_MATCH_BANDS = {
  /** At or above: MATCHED. */
  matched: MATCH_SCORE_BANDS.matched,
  /** Below: NOT_MATCHED (KYC_020). In between: LOW_SCORE (manual review). */
  notMatched: MATCH_SCORE_BANDS.notMatched,
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
  const status: FaceMatchStatus =
    score >= FACE_MATCH_BANDS.matched ? 'MATCHED' : score < FACE_MATCH_BANDS.notMatched ? 'NOT_MATCHED' : 'LOW_SCORE';
  return { status, score: roundScore(score), performed: true, detail: `distance ${distance.toFixed(4)}` };
}

export function portraitNotCompared(detail: string): PortraitComparison {
  return { status: 'NOT_PERFORMED', score: 0, performed: false, detail };
}

/** Scores and confidences leave the service with four decimals. */
export function roundScore(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
