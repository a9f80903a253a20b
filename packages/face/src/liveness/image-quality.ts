import { type GreyImage } from './evidence/greyscale';
import { type RgbImage } from './types';

/** Images below this side carry too little detail for the 80×80 crops (and for any cue). */
export const MIN_IMAGE_SIDE = 64;

export type ExposureProblem = 'TOO_DARK' | 'NO_CONTRAST' | null;

/**
 * A frame with no light or no contrast gives the models nothing to judge: refuse it instead of
 * letting a near-constant crop produce an arbitrary verdict.
 */
export function exposureProblem(luma: GreyImage): ExposureProblem {
  let sum = 0;
  let min = 255;
  let max = 0;
  const step = Math.max(1, Math.floor(luma.data.length / 50_000));
  let count = 0;
  for (let i = 0; i < luma.data.length; i += step) {
    const v = luma.data[i];
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
    count++;
  }
  if (sum / count < 8) return 'TOO_DARK';
  if (max - min < 8) return 'NO_CONTRAST';
  return null;
}

/** True when every sampled pixel has R = G = B: a greyscale source carries no colour evidence. */
export function isGreyscale(image: RgbImage): boolean {
  const pixels = image.width * image.height;
  const step = Math.max(1, Math.floor(pixels / 20_000));
  for (let i = 0; i < pixels; i += step) {
    const p = i * 3;
    if (image.data[p] !== image.data[p + 1] || image.data[p + 1] !== image.data[p + 2]) return false;
  }
  return true;
}
