import { type FaceBox } from '../types';

/**
 * Face-to-frame ratio. A selfie taken at arm's length puts the face at roughly 5-40 % of the
 * frame area (upstream's live sample: 14 %). A replayed photo or video shown on a phone held in
 * front of the camera tends to show a small face inside a larger scene. Weak evidence on its own,
 * so it only contributes below 2 % of the frame.
 */
export interface FramingEvidence {
  faceAreaRatio: number;
}

export function measureFramingEvidence(imageWidth: number, imageHeight: number, box: FaceBox): FramingEvidence {
  return { faceAreaRatio: (box.width * box.height) / (imageWidth * imageHeight) };
}
