/**
 * Comparing two FaceRecognitionNet descriptors, and the one place where the match bands are set.
 *
 * The decision uses the Euclidean distance between raw descriptors, the metric dlib trained the
 * network for. Measured by `npm run eval:faces` on faces-dev (80 genuine / 700 impostor pairs) and
 * faces-real-dev (132 / 3,189) together, 2026-11-26: TAR at FAR 1e-3 100 % by Euclidean distance
 * on each set and pooled, against 95.0 % (faces-dev), 99.2 % (faces-real-dev) and 95.8 % (pooled)
 * by cosine similarity of the same descriptors. Cosine similarity is still returned for information.
 *
 * Bands (the biometrics service's MATCHED / LOW_SCORE / NOT_MATCHED use these through the score):
 * - distance ≤ `threshold` (0.601): a match, score ≥ 0.7, MATCHED. Impostors of both sets accepted
 *   there: faces-real-dev 3 of 3,189 (0.94e-3), faces-dev 0 of 700, pooled 3 of 3,889 — FAR ≤ 1e-3
 *   on each. Every genuine pair of both sets is inside (the largest genuine distance is 0.600, so
 *   the margin is thin: these are small sets).
 * - threshold < distance ≤ `reviewThreshold` (0.657): score 0.3–0.7, left to a reviewer. Pooled
 *   FAR at 0.657 is 0.98e-2 (38 of 3,889 impostor pairs).
 * - beyond: score < 0.3, not a match.
 *
 * The score in [0,1] is a logistic curve over the distance through those two anchors (0.7 at
 * `threshold`, 0.3 at `reviewThreshold`), so that scores keep their meaning for the scoring
 * policy's weighting. Recalibrate on production-like data before relying on the exact values.
 */

export interface MatchCalibration {
  /** Distances at or below this are a match (MATCHED band): FAR ≤ 1e-3 on the calibration impostors. */
  threshold: number;
  /** Distances above `threshold` and at or below this go to review; beyond is no match (FAR 1e-2). */
  reviewThreshold: number;
}

export const MATCH_CALIBRATION: MatchCalibration = {
  // eval:faces on faces-dev + faces-real-dev pooled, 2026-11-26: FAR 1e-3 threshold 0.6013
  // (genuine max 0.6000, 4th-closest impostor 0.6025), FAR 1e-2 threshold 0.6568.
  threshold: 0.601,
  reviewThreshold: 0.657,
};

/** Score bands: at or above `matched` is MATCHED, below `notMatched` NOT_MATCHED, between is review. */
export const MATCH_SCORE_BANDS = {
  /** calibratedScore(MATCH_CALIBRATION.threshold). */
  matched: 0.7,
  /** calibratedScore(MATCH_CALIBRATION.reviewThreshold). */
  notMatched: 0.3,
} as const;

export interface MatchResult {
  distance: number;
  cosine: number;
  score: number;
  isMatch: boolean;
}

export function euclideanDistance(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error('descriptors differ in length');
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] - b[i]) ** 2;
  return Math.sqrt(sum);
}

export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error('descriptors differ in length');
  let dot = 0,
    na = 0,
    nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** Logistic over the distance through (threshold, bands.matched) and (reviewThreshold, bands.notMatched). */
export function calibratedScore(distance: number, calibration: MatchCalibration = MATCH_CALIBRATION): number {
  const logit = (p: number) => Math.log(p / (1 - p));
  const span = Math.max(1e-3, calibration.reviewThreshold - calibration.threshold);
  const slope = (logit(MATCH_SCORE_BANDS.matched) - logit(MATCH_SCORE_BANDS.notMatched)) / span;
  const centre = calibration.threshold + logit(MATCH_SCORE_BANDS.matched) / slope;
  return 1 / (1 + Math.exp(slope * (distance - centre)));
}

export function matchFaces(a: Float32Array, b: Float32Array, calibration: MatchCalibration = MATCH_CALIBRATION): MatchResult {
  const distance = euclideanDistance(a, b);
  return {
    distance,
    cosine: cosineSimilarity(a, b),
    score: calibratedScore(distance, calibration),
    isMatch: distance <= calibration.threshold,
  };
}
