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
  /** Mean Cb − mean Cr of the pixels brighter than the median: positive = blue cast. */
  blueCast: number;
}

/** Percentiles from histograms (one bin per level) instead of sorting: linear time, no allocation per pixel. */
const BINS = 256;

function histogramPercentile(histogram: Uint32Array, total: number, q: number, binWidth: number): number {
  const target = q * total;
  let seen = 0;
  for (let bin = 0; bin < histogram.length; bin++) {
    seen += histogram[bin];
    if (seen > target) return bin * binWidth;
  }
  return (histogram.length - 1) * binWidth;
}

export function measureColourEvidence(image: RgbImage): ColourEvidence {
  const pixels = image.width * image.height;
  // Subsample to ~20k pixels: percentiles are stable at that count and the cost stays flat.
  const step = Math.max(1, Math.floor(Math.sqrt(pixels / 20_000)));
  const lumaHistogram = new Uint32Array(BINS);
  const chromaHistogram = new Uint32Array(BINS); // chroma ≤ ~180, one bin per level
  const cbSumByLuma = new Float64Array(BINS);
  const crSumByLuma = new Float64Array(BINS);
  let count = 0;
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      const p = (y * image.width + x) * 3;
      const r = image.data[p];
      const g = image.data[p + 1];
      const b = image.data[p + 2];
      const luma = Math.min(255, Math.round(0.299 * r + 0.587 * g + 0.114 * b));
      const cb = -0.168736 * r - 0.331264 * g + 0.5 * b;
      const cr = 0.5 * r - 0.418688 * g - 0.081312 * b;
      lumaHistogram[luma]++;
      chromaHistogram[Math.min(BINS - 1, Math.round(Math.sqrt(cb * cb + cr * cr)))]++;
      cbSumByLuma[luma] += cb;
      crSumByLuma[luma] += cr;
      count++;
    }
  }
  const medianLuma = histogramPercentile(lumaHistogram, count, 0.5, 1);
  let cbSum = 0;
  let crSum = 0;
  let bright = 0;
  for (let level = medianLuma; level < BINS; level++) {
    cbSum += cbSumByLuma[level];
    crSum += crSumByLuma[level];
    bright += lumaHistogram[level];
  }
  return {
    chromaP95: histogramPercentile(chromaHistogram, count, 0.95, 1),
    lumaRange: histogramPercentile(lumaHistogram, count, 0.99, 1) - histogramPercentile(lumaHistogram, count, 0.01, 1),
    blueCast: bright > 0 ? (cbSum - crSum) / bright : 0,
  };
}
