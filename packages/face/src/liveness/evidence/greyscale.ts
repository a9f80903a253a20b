import { type RgbImage } from '../types';

/** A single-channel float image (luma, 0-255), row-major. */
export interface GreyImage {
  width: number;
  height: number;
  data: Float32Array;
}

/** BT.601 luma, the weighting JPEG stores, so it follows what the camera encoded. */
export function toLuma(image: RgbImage): GreyImage {
  const data = new Float32Array(image.width * image.height);
  for (let i = 0, p = 0; i < data.length; i++, p += 3)
    data[i] = 0.299 * image.data[p] + 0.587 * image.data[p + 1] + 0.114 * image.data[p + 2];
  return { width: image.width, height: image.height, data };
}

/** Area-average downscale by an integer factor (keeps straight edges straight for the border search). */
export function downscaleByFactor(image: GreyImage, factor: number): GreyImage {
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const data = new Float32Array(width * height);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * image.width + x * factor;
        for (let dx = 0; dx < factor; dx++) sum += image.data[row + dx];
      }
      data[y * width + x] = sum / area;
    }
  }
  return { width, height, data };
}
