import { type AffineMatrix, type RgbImage } from './rgb-image';

/**
 * Samples `source` through an affine map: output pixel (x, y) takes the bilinear interpolation of
 * source position `inverse · (x, y, 1)` (pixel centres at integer coordinates). Outside the
 * source is black, as in face-api.js's zero padding, so a face cut by the frame stays visible as such.
 *
 * When the map shrinks by more than 2x, the output is rendered `supersample` times larger and
 * box-averaged down, so small output chips from large faces are not aliased.
 */
export function warpAffine(source: RgbImage, inverse: AffineMatrix, width: number, height: number, supersample = 1): RgbImage {
  const k = Math.max(1, Math.floor(supersample));
  if (k === 1) return sample(source, inverse, width, height);
  const [a, b, c, d, e, f] = inverse;
  // Output pixel (x, y) of the large image corresponds to ((x + 0.5) / k - 0.5) in the small one.
  const shift = (1 / k - 1) / 2;
  const large = sample(
    source,
    [a / k, b / k, a * shift + b * shift + c, d / k, e / k, d * shift + e * shift + f],
    width * k,
    height * k,
  );
  return boxDownsample(large, k);
}

function sample(source: RgbImage, m: AffineMatrix, width: number, height: number): RgbImage {
  const out = new Uint8Array(width * height * 3);
  const { width: sw, height: sh, data } = source;
  const [a, b, c, d, e, f] = m;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = a * x + b * y + c;
      const sy = d * x + e * y + f;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const o = (y * width + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const p00 = pixel(data, sw, sh, x0, y0, ch);
        const p10 = pixel(data, sw, sh, x0 + 1, y0, ch);
        const p01 = pixel(data, sw, sh, x0, y0 + 1, ch);
        const p11 = pixel(data, sw, sh, x0 + 1, y0 + 1, ch);
        const top = p00 + (p10 - p00) * fx;
        const bottom = p01 + (p11 - p01) * fx;
        out[o + ch] = Math.round(top + (bottom - top) * fy);
      }
    }
  }
  return { width, height, data: out };
}

function pixel(data: Uint8Array, w: number, h: number, x: number, y: number, ch: number): number {
  if (x < 0 || y < 0 || x >= w || y >= h) return 0;
  return data[(y * w + x) * 3 + ch];
}

function boxDownsample(image: RgbImage, k: number): RgbImage {
  const width = Math.floor(image.width / k);
  const height = Math.floor(image.height / k);
  const out = new Uint8Array(width * height * 3);
  const area = k * k;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let ch = 0; ch < 3; ch++) {
        let sum = 0;
        for (let dy = 0; dy < k; dy++) for (let dx = 0; dx < k; dx++) sum += image.data[((y * k + dy) * image.width + x * k + dx) * 3 + ch];
        out[(y * width + x) * 3 + ch] = Math.round(sum / area);
      }
  return { width, height, data: out };
}

/** RGB bytes → float32 NHWC tensor data (values stay 0..255; the models normalise inside). */
export function toFloat32(image: RgbImage): Float32Array {
  return Float32Array.from(image.data);
}
