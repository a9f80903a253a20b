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
  const large = sample(source, [a / k, b / k, a * shift + b * shift + c, d / k, e / k, d * shift + e * shift + f], width * k, height * k);
  return boxDownsample(large, k);
}

function sample(source: RgbImage, m: AffineMatrix, width: number, height: number): RgbImage {
  const out = new Uint8Array(width * height * 3);
  const { width: sw, height: sh, data } = source;
  const stride = sw * 3;
  const [a, b, c, d, e, f] = m;
  let o = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++, o += 3) {
      const sx = a * x + b * y + c;
      const sy = d * x + e * y + f;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const w00 = (1 - fx) * (1 - fy),
        w10 = fx * (1 - fy),
        w01 = (1 - fx) * fy,
        w11 = fx * fy;
      if (x0 >= 0 && y0 >= 0 && x0 + 1 < sw && y0 + 1 < sh) {
        // Fast path: all four neighbours inside the source.
        const i00 = y0 * stride + x0 * 3;
        const i01 = i00 + stride;
        for (let ch = 0; ch < 3; ch++) {
          out[o + ch] = (data[i00 + ch] * w00 + data[i00 + 3 + ch] * w10 + data[i01 + ch] * w01 + data[i01 + 3 + ch] * w11 + 0.5) | 0;
        }
      } else if (x0 >= -1 && y0 >= -1 && x0 < sw && y0 < sh) {
        for (let ch = 0; ch < 3; ch++) {
          out[o + ch] = Math.round(
            pixel(data, sw, sh, x0, y0, ch) * w00 +
              pixel(data, sw, sh, x0 + 1, y0, ch) * w10 +
              pixel(data, sw, sh, x0, y0 + 1, ch) * w01 +
              pixel(data, sw, sh, x0 + 1, y0 + 1, ch) * w11,
          );
        }
      }
      // Otherwise entirely outside: stays black.
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
  const sums = new Float64Array(width * 3);
  const out = new Uint8Array(width * height * 3);
  const area = k * k;
  const src = image.data;
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    for (let dy = 0; dy < k; dy++) {
      let i = (y * k + dy) * image.width * 3;
      for (let x = 0; x < width; x++) {
        for (let dx = 0; dx < k; dx++, i += 3) {
          sums[x * 3] += src[i];
          sums[x * 3 + 1] += src[i + 1];
          sums[x * 3 + 2] += src[i + 2];
        }
      }
    }
    for (let j = 0; j < width * 3; j++) out[y * width * 3 + j] = Math.round(sums[j] / area);
  }
  return { width, height, data: out };
}

/** RGB bytes → float32 NHWC tensor data (values stay 0..255; the models normalise inside). */
export function toFloat32(image: RgbImage): Float32Array {
  return Float32Array.from(image.data);
}
