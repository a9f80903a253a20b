export type LivenessStatus = 'live' | 'not_performed';

export interface LivenessResult {
  live: boolean;
  confidence: number;
  status: LivenessStatus;
  faceDetected: boolean;
}

export interface FaceMatchResult {
  status: 'MATCHED' | 'NOT_MATCHED' | 'LOW_SCORE' | 'NOT_PERFORMED';
  score: number;
  performed: boolean;
}

/** Test mode: a live selfie of the persona. */
export const TEST_MODE_LIVENESS: LivenessResult = { live: true, confidence: 0.98, status: 'live', faceDetected: true };
export const TEST_MODE_MATCH: FaceMatchResult = { status: 'MATCHED', score: 0.96, performed: true };

/**
 * Sandbox and live until the face models land: the selfie is accepted (rejecting it would be a
 * claim we cannot back), recorded as not checked, and scoring sends the attempt to review.
 */
export const UNCHECKED_LIVENESS: LivenessResult = { live: true, confidence: 0, status: 'not_performed', faceDetected: false };
export const UNCHECKED_MATCH: FaceMatchResult = { status: 'NOT_PERFORMED', score: 0, performed: false };
