import { type AnalyzedFace, type FaceAnalysis, analyzeFace } from './face-analysis';
import { decodeImage } from './image/decode-image';
import { checkLivenessOnImage, type LivenessOptions } from './liveness/check-liveness';
import { livenessBoxFromLandmarks } from './liveness/landmark-box';
import type { LivenessResult } from './liveness/liveness-result';
import type { FaceBox } from './liveness/types';

/**
 * Everything a selfie upload needs, from one decode: the face (detection, landmarks, embedding,
 * quality) and passive liveness on the face found. Liveness only runs when a face was found; the
 * face library's result says why otherwise. Never throws.
 */

/**
 * The box liveness is judged on: made from the landmarks in the convention MiniFASNet was trained
 * with (liveness/landmark-box.ts), or the detector's box when the landmarks give none.
 */
export function livenessBoxOf(face: AnalyzedFace): FaceBox {
  return livenessBoxFromLandmarks(face.landmarks) ?? face.box;
}

export type SelfieAnalysis =
  | {
      kind: 'analysed';
      face: Extract<FaceAnalysis, { kind: 'face' | 'low_quality' }>;
      liveness: LivenessResult;
      timingsMs: { face: number; liveness: number; total: number };
    }
  | Exclude<FaceAnalysis, { kind: 'face' | 'low_quality' }>;

export async function analyzeSelfie(
  imageBytes: Buffer,
  options: Pick<LivenessOptions, 'threshold' | 'modelsDir'> = {},
): Promise<SelfieAnalysis> {
  const started = performance.now();
  try {
    const decoded = await decodeImage(imageBytes);
    if (decoded.kind !== 'image') return decoded;
    const face = await analyzeFace(decoded.image);
    if (face.kind !== 'face' && face.kind !== 'low_quality') return face;
    const faceDone = performance.now();
    const liveness = await checkLivenessOnImage(decoded.image, { ...options, faceBox: livenessBoxOf(face.face) });
    const done = performance.now();
    return { kind: 'analysed', face, liveness, timingsMs: { face: faceDone - started, liveness: done - faceDone, total: done - started } };
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}
