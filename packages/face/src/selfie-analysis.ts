import { type FaceAnalysis, analyzeFace } from './face-analysis';
import { decodeImage } from './image/decode-image';
import { checkLivenessOnImage, type LivenessOptions } from './liveness/check-liveness';
import type { LivenessResult } from './liveness/liveness-result';

/**
 * Everything a selfie upload needs, from one decode: the face (detection, landmarks, embedding,
 * quality) and passive liveness on the detected face box. Liveness only runs when a face was
 * found; the face library's result says why otherwise. Never throws. `timingsMs.face` and
 * `liveness` overlap: liveness runs beside landmarks and embedding.
 */
export type SelfieAnalysis =
  | { kind: 'analysed'; face: Extract<FaceAnalysis, { kind: 'face' | 'low_quality' }>; liveness: LivenessResult; timingsMs: { face: number; liveness: number; total: number } }
  | Exclude<FaceAnalysis, { kind: 'face' | 'low_quality' }>;

export async function analyzeSelfie(imageBytes: Buffer, options: Pick<LivenessOptions, 'threshold' | 'modelsDir'> = {}): Promise<SelfieAnalysis> {
  const started = performance.now();
  try {
    const decoded = await decodeImage(imageBytes);
    if (decoded.kind !== 'image') return decoded;
    // Liveness needs only the face box, so it starts as soon as the box is known and runs beside
    // landmarks and embedding (onnxruntime runs each session on its own thread).
    let liveness: Promise<{ result: LivenessResult; ms: number }> | undefined;
    const face = await analyzeFace(decoded.image, {
      onFaceBox: (box) => {
        const livenessStarted = performance.now();
        liveness = checkLivenessOnImage(decoded.image, { ...options, faceBox: box }).then((result) => ({ result, ms: performance.now() - livenessStarted }));
      },
    });
    const faceDone = performance.now();
    if (face.kind !== 'face' && face.kind !== 'low_quality') {
      await liveness; // never rejects (checkLivenessOnImage never throws); not left running unobserved
      return face;
    }
    const checked = await (liveness ?? Promise.reject(new Error('face found but its box was not reported')));
    const done = performance.now();
    return { kind: 'analysed', face, liveness: checked.result, timingsMs: { face: faceDone - started, liveness: checked.ms, total: done - started } };
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}
