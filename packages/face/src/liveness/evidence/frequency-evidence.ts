import { type FaceBox } from '../types';
import { powerSpectrum2d } from './fft';
import { type GreyImage } from './greyscale';

/**
 * Screen moiré and pixel grids in the frequency domain. A camera filming a display samples the
 * display's regular RGB subpixel lattice; the two grids beat into moiré, and both show up as
 * narrow, isolated peaks in the power spectrum away from DC. Skin, hair and lens blur give a
 * smooth, roughly 1/f² spectrum with no such peaks. Halftone print rosettes are periodic too.
 *
 * Measured on the face box at native resolution (any resampling would low-pass the very grid we
 * look for): an n×n Hann-windowed block, n the largest power of two ≤ the box side, capped at 128.
 * Per radial ring the strongest bin is compared with the ring's median; the statistic is the
 * largest ratio over the mid/high band (0.12–0.5 cycles/pixel), in decibels.
 */
export interface FrequencyEvidence {
  /** Strongest isolated spectral peak over its ring's median, dB, on the block at the box's centre. */
  peakToRingDb: number;
  /**
   * The same statistic's lowest value over five blocks: the centre one and four shifted by a
   * quarter of the box's width or height (left, right, up, down). A display grid or halftone
   * covers the whole face, so every block shows it; a periodic pattern in a real photo (a shirt,
   * a background, hair) shows in some blocks only. Measured only when the centre block reaches
   * `acrossFaceFromDb` (the lowest can only be lower, and below that level it decides nothing);
   * null otherwise.
   */
  acrossFaceDb: number | null;
  /** Share of (windowed, mean-removed) energy above 0.25 cycles/pixel. */
  highFrequencyShare: number;
  blockSize: number;
}

const MIN_BLOCK = 32;
const MAX_BLOCK = 128;

export function measureFrequencyEvidence(
  luma: GreyImage,
  box: FaceBox,
  acrossFaceFromDb = Number.POSITIVE_INFINITY,
): FrequencyEvidence | null {
  const side = Math.min(box.width, box.height, luma.width, luma.height);
  if (side < MIN_BLOCK) return null;
  let n = MIN_BLOCK;
  while (n * 2 <= side && n * 2 <= MAX_BLOCK) n *= 2;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const centre = blockSpectrum(luma, cx, cy, n);
  let acrossFaceDb: number | null = null;
  if (centre.peakToRingDb >= acrossFaceFromDb) {
    acrossFaceDb = centre.peakToRingDb;
    for (const [dx, dy] of ACROSS_FACE_SHIFTS) {
      acrossFaceDb = Math.min(acrossFaceDb, blockSpectrum(luma, cx + dx * box.width, cy + dy * box.height, n).peakToRingDb);
    }
  }
  return { peakToRingDb: centre.peakToRingDb, acrossFaceDb, highFrequencyShare: centre.highFrequencyShare, blockSize: n };
}

/** The four shifted blocks of `acrossFaceDb`, as shares of the box's width and height. */
const ACROSS_FACE_SHIFTS: ReadonlyArray<readonly [number, number]> = [
  [-0.25, 0],
  [0.25, 0],
  [0, -0.25],
  [0, 0.25],
];

/** The peak-over-ring statistic of one n×n block centred at (cx, cy), kept inside the image. */
function blockSpectrum(luma: GreyImage, centreX: number, centreY: number, n: number): { peakToRingDb: number; highFrequencyShare: number } {
  const cx = Math.round(centreX);
  const cy = Math.round(centreY);
  const left = Math.min(Math.max(cx - n / 2, 0), luma.width - n);
  const top = Math.min(Math.max(cy - n / 2, 0), luma.height - n);

  const block = new Float64Array(n * n);
  let mean = 0;
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) mean += luma.data[(top + y) * luma.width + left + x];
  mean /= n * n;
  // Hann window: without it the block's hard edges smear energy along the axes as false peaks.
  const hann = new Float64Array(n);
  for (let i = 0; i < n; i++) hann[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) block[y * n + x] = (luma.data[(top + y) * luma.width + left + x] - mean) * hann[x] * hann[y];
  }
  const power = powerSpectrum2d(block, n);

  const rings = new Map<number, number[]>();
  let total = 0;
  let high = 0;
  for (let v = 0; v < n; v++) {
    const fy = (v <= n / 2 ? v : v - n) / n;
    for (let u = 0; u < n; u++) {
      const fx = (u <= n / 2 ? u : u - n) / n;
      const radius = Math.hypot(fx, fy);
      const p = power[v * n + u];
      if (radius === 0) continue;
      total += p;
      if (radius > 0.25) high += p;
      if (radius < 0.12 || radius > 0.5) continue;
      const ring = Math.round(radius * n);
      const list = rings.get(ring);
      if (list) list.push(p);
      else rings.set(ring, [p]);
    }
  }
  let best = 1;
  for (const values of rings.values()) {
    if (values.length < 8) continue;
    const sorted = Float64Array.from(values).sort();
    const median = sorted[Math.floor(sorted.length / 2)];
    if (median <= 0) continue;
    best = Math.max(best, sorted[sorted.length - 1] / median);
  }
  return { peakToRingDb: 10 * Math.log10(best), highFrequencyShare: total > 0 ? high / total : 0 };
}
