/**
 * Comparing two FaceRecognitionNet descriptors.
 *
 * The decision uses the Euclidean distance between raw descriptors, the metric dlib trained the
 * network for: on faces-dev, TAR at FAR 1e-3 was 100 % by Euclidean distance and 95 % by cosine
 * similarity of the same descriptors (npm run eval:faces reports both). Cosine similarity is
 * still returned for information.
 *
 * The match score in [0,1] is a logistic curve over the distance, centred on the decision
 * threshold (score 0.5 = threshold) with the slope that maps the mean faces-dev impostor distance
 * to 0.01. Both numbers come from `npm run eval:faces` on faces-dev (80 genuine / 700 impostor pairs):
 * a small set, so recalibrate on production-like data before relying on the exact values.
 */

export interface MatchCalibration {
  /** Distances at or below this are a match. */
  threshold: number;
  /** Mean impostor distance on the calibration set. */
  impostorMeanDistance: number;
}

export const MATCH_CALIBRATION: MatchCalibration = {
  // eval:faces on faces-dev, 2026-11-23: threshold at FAR 1e-3 0.6051 (dlib's own published
  // threshold is 0.6), mean impostor distance 0.8307.
  threshold: 0.605,
  impostorMeanDistance: 0.831,
};

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
  let dot = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

export function calibratedScore(distance: number, calibration: MatchCalibration = MATCH_CALIBRATION): number {
  const slope = Math.log(99) / Math.max(1e-3, calibration.impostorMeanDistance - calibration.threshold);
  return 1 / (1 + Math.exp(slope * (distance - calibration.threshold)));
}

export function matchFaces(a: Float32Array, b: Float32Array, calibration: MatchCalibration = MATCH_CALIBRATION): MatchResult {
  const distance = euclideanDistance(a, b);
  return { distance, cosine: cosineSimilarity(a, b), score: calibratedScore(distance, calibration), isMatch: distance <= calibration.threshold };
}
