import { type FaceBox } from './tiny-face-detector';

/**
 * The face to verify when several are found: the largest, weighted by confidence (a selfie's
 * subject is the biggest face; a confident large face beats a slightly larger doubtful one).
 */
export function chooseMainFace(faces: FaceBox[]): FaceBox | undefined {
  let best: FaceBox | undefined;
  let bestValue = -Infinity;
  for (const face of faces) {
    const value = Math.sqrt(face.box.width * face.box.height) * face.score;
    if (value > bestValue) {
      best = face;
      bestValue = value;
    }
  }
  return best;
}
