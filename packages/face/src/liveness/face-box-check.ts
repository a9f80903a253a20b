import { type FaceBox } from './types';

/** Smallest face side the 80×80 model crops can be built from without heavy upscaling. */
export const MIN_FACE_SIDE = 32;

export type FaceBoxCheck =
  { ok: true; box: FaceBox } | { ok: false; subReason: 'INVALID' | 'OUTSIDE_IMAGE' | 'FACE_TOO_SMALL'; message: string };

/**
 * Validates a caller-supplied box and clips it to the image. A box mostly outside the image is
 * refused rather than clipped to a sliver that no longer holds the face.
 */
export function checkFaceBox(box: FaceBox | undefined, imageWidth: number, imageHeight: number): FaceBoxCheck {
  if (
    !box ||
    ![box.x, box.y, box.width, box.height].every((v) => typeof v === 'number' && Number.isFinite(v)) ||
    box.width <= 0 ||
    box.height <= 0
  ) {
    return { ok: false, subReason: 'INVALID', message: 'The face box must have finite x, y and positive width, height' };
  }
  const left = Math.max(0, box.x);
  const top = Math.max(0, box.y);
  const right = Math.min(imageWidth, box.x + box.width);
  const bottom = Math.min(imageHeight, box.y + box.height);
  const visible = Math.max(0, right - left) * Math.max(0, bottom - top);
  if (visible < 0.5 * box.width * box.height)
    return { ok: false, subReason: 'OUTSIDE_IMAGE', message: 'Less than half of the face box lies inside the image' };
  const clipped = { x: Math.round(left), y: Math.round(top), width: Math.round(right - left), height: Math.round(bottom - top) };
  if (clipped.width < MIN_FACE_SIDE || clipped.height < MIN_FACE_SIDE) {
    return { ok: false, subReason: 'FACE_TOO_SMALL', message: `The face must be at least ${MIN_FACE_SIDE} px on each side` };
  }
  return { ok: true, box: clipped };
}
