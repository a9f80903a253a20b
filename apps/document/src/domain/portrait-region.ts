import type { RelativeBox } from './side-judgement';

export interface PixelRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Margin added on every side of the detected face, as a share of its width and height: the face
 * matcher finds and aligns the face again, so it needs forehead, chin and some background.
 */
export const PORTRAIT_MARGIN = 0.4;
/** Below this the crop holds no usable face. */
const MIN_REGION_SIDE = 16;

/** The face box grown by the margin and clamped to the image, in whole pixels; null when too small. */
export function portraitRegion(box: RelativeBox, imageWidth: number, imageHeight: number, margin = PORTRAIT_MARGIN): PixelRegion | null {
  const x0 = (box.x - box.width * margin) * imageWidth;
  const y0 = (box.y - box.height * margin) * imageHeight;
  const x1 = (box.x + box.width * (1 + margin)) * imageWidth;
  const y1 = (box.y + box.height * (1 + margin)) * imageHeight;
  const left = clamp(Math.floor(x0), 0, imageWidth);
  const top = clamp(Math.floor(y0), 0, imageHeight);
  const right = clamp(Math.ceil(x1), 0, imageWidth);
  const bottom = clamp(Math.ceil(y1), 0, imageHeight);
  if (right - left < MIN_REGION_SIDE || bottom - top < MIN_REGION_SIDE) return null;
  return { left, top, width: right - left, height: bottom - top };
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));
