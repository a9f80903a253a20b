import { type RgbImage } from '../types';

/**
 * Print and screen colour cues over the whole frame. A re-photographed print can only show the
 * colours its inks reproduce (CMYK gamut is much smaller than a camera's sRGB), paper white is
 * not a light source and ink black is not black, so both the chroma tail and the luma range
 * shrink. A display adds its own white point (typically blue-shifted) to every pixel.
 */
export interface ColourEvidence {
  /** 95th percentile of chroma √(Cb²+Cr²), 0-~180. */
  chromaP95: number;
  /** Luma 99th − 1st percentile, 0-255. */
  lumaRange: number;
  /** Mean Cb − mean Cr of the brighter half of the pixels: positive = blue cast. */
  blueCast: number;
}

export function measureColourEvidence(image: RgbImage): ColourEvidence {
  const pixels = image.width * image.height;
  // Subsample to ~20k pixels: percentiles are stable at that count and the cost stays flat.
  const step = Math.max(1, Math.floor(Math.sqrt(pixels / 20_000)));
  const samples = Math.ceil(image.height / step) * Math.ceil(image.width / step);
  const chroma = new Float32Array(samples);
  const luma = new Float32Array(samples);
  const cb = new Float32Array(samples);
  const cr = new Float32Array(samples);
  let n = 0;
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      const p = (y * image.width + x) * 3;
      const r = image.data[p];
      const g = image.data[p + 1];
      const b = image.data[p + 2];
      const yy = 0.299 * r + 0.587 * g + 0.114 * b;
      const cbv = -0.168736 * r - 0.331264 * g + 0.5 * b;
      const crv = 0.5 * r - 0.418688 * g - 0.081312 * b;
      luma[n] = yy;
      chroma[n] = Math.sqrt(cbv * cbv + crv * crv);
      cb[n] = cbv;
      cr[n] = crv;
      n++;
    }
  }
  const sortedLuma = luma.slice(0, n).sort();
  const percentile = (sorted: Float32Array, q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const medianLuma = percentile(sortedLuma, 0.5);
  let cbSum = 0;
  let crSum = 0;
  let bright = 0;
  for (let i = 0; i < n; i++) {
    if (luma[i] < medianLuma) continue;
    cbSum += cb[i];
    crSum += cr[i];
    bright++;
  }
  return {
    chromaP95: percentile(chroma.slice(0, n).sort(), 0.95),
    lumaRange: percentile(sortedLuma, 0.99) - percentile(sortedLuma, 0.01),
    blueCast: bright > 0 ? (cbSum - crSum) / bright : 0,
  };
}
