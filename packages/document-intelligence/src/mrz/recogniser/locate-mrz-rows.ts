import { type OrientedBox } from '../../ocr/oriented-box';
import { type RgbImage } from '../../ocr/types';

/**
 * A detector-free MRZ locator for pages where the text detector finds no MRZ line at all: glyphs ~8 px high on a
 * 512-px photo are below what PP-OCR's detector boxes (mrz-real-dev's dim AZE photo). MRZ rows are the page's
 * longest straight runs of ink, two or three of them, evenly spaced and equally long. Here the ink is measured
 * against its neighbourhood, the page's tilt is the one whose row profile is sharpest, and the profile's peaks
 * that come in such runs are the candidates. Nothing is read here: whatever is proposed must still read as a
 * valid MRZ (`readLocatedMrz`), which noise or a column of visual-zone lines does not.
 */

/** The page is looked at with its long side at most this long (the rows are found, not read, at this scale). */
const WORK_SIDE = 640;
/** Tilts tried, as a slope (dy/dx): ±0.09 ≈ ±5°; beyond that the detector sees the rows anyway. */
const MAX_SLOPE = 0.09;
const COARSE_SLOPE_STEP = 0.01;
const FINE_SLOPE_STEP = 0.002;
/** A row at least this many times as long as it is thick: a TD1 line of 30 glyphs is ~25–40 thicknesses. */
const MIN_ASPECT = 15;
/** Rows of one MRZ lie 1.3–3 thicknesses apart (centre to centre) and differ in length by at most this share. */
const MIN_GAP = 1.3;
const MAX_GAP = 3.2;
const MAX_LENGTH_DIFFERENCE = 0.2;
/** At most this many groups go on to be read: each costs a few model runs. */
const MAX_CANDIDATES = 4;

export interface LocatedMrz {
  /** The rows, top first, in the image's own pixels. */
  rows: OrientedBox[];
  /** The ink's thickness across the rows (half-height width of the profile peak), in the image's pixels. */
  inkThickness: number;
}

interface Row {
  y: number;
  thickness: number;
  start: number;
  end: number;
  strength: number;
}

export function locateMrzRows(image: RgbImage): LocatedMrz[] {
  const scale = Math.min(1, WORK_SIDE / Math.max(image.width, image.height));
  const w = Math.max(1, Math.round(image.width * scale));
  const h = Math.max(1, Math.round(image.height * scale));
  const ink = inkMap(greyAt(image, w, h), w, h);
  const slope = sharpestSlope(ink, w, h);
  const profile = smoothed(shearedProfile(ink, w, h, slope));
  const rows = profilePeaks(profile).map((peak) => rowAt(ink, w, h, slope, peak));
  const groups: Row[][] = [];
  for (const size of [3, 2]) {
    for (let i = 0; i + size <= rows.length; i += 1) {
      const group = rows.slice(i, i + size);
      if (isMrzLike(group)) groups.push(group);
    }
  }
  groups.sort((a, b) => meanStrength(b) - meanStrength(a));
  return groups.slice(0, MAX_CANDIDATES).map((group) => ({
    inkThickness: median(group.map((r) => r.thickness)) / scale,
    rows: group.map((row) => levelledRow(ink, w, h, slope, row, scale)),
  }));
}

/**
 * The row as an oriented box in the image's pixels, its line refitted through where its ink lies in its first and
 * last thirds: the page's tilt is that of all its text, and an MRZ row ~7 px high must be cut within a pixel of
 * its own line, or the strip holds the top of one glyph row and the bottom of the next.
 */
function levelledRow(ink: Float32Array, w: number, h: number, slope: number, row: Row, scale: number): OrientedBox {
  const third = (row.end - row.start) / 3;
  const left = row.start + third / 2;
  const right = row.end - third / 2;
  const yLeft = inkCentreY(ink, w, h, slope, row, row.start, row.start + third);
  const yRight = inkCentreY(ink, w, h, slope, row, row.end - third, row.end);
  const rowSlope = Math.abs((yRight - yLeft) / (right - left) - slope) < 0.02 ? (yRight - yLeft) / (right - left) : slope;
  const midX = (row.start + row.end) / 2;
  const cy = (yLeft + yRight) / 2 + rowSlope * (midX - (left + right) / 2);
  const length = (row.end - row.start) * Math.sqrt(1 + rowSlope * rowSlope);
  return { cx: midX / scale, cy: cy / scale, length: length / scale, thickness: row.thickness / scale, angle: Math.atan(rowSlope) };
}

/** Where, across the row, its ink between x0 and x1 peaks (sub-pixel: parabola through the peak and its neighbours). */
function inkCentreY(ink: Float32Array, w: number, h: number, slope: number, row: Row, x0: number, x1: number): number {
  const reach = Math.max(2, Math.round(row.thickness * 0.8));
  const profile = new Float64Array(2 * reach + 1);
  for (let x = Math.max(0, Math.floor(x0)); x < Math.min(w, Math.ceil(x1)); x += 1) {
    const yc = Math.round(row.y + slope * (x - w / 2));
    for (let d = -reach; d <= reach; d += 1) {
      const y = yc + d;
      if (y >= 0 && y < h) profile[d + reach] += ink[y * w + x];
    }
  }
  const smooth = smoothed(profile);
  let peak = 0;
  for (let k = 1; k < smooth.length; k += 1) if (smooth[k] > smooth[peak]) peak = k;
  let offset = peak - reach;
  if (peak > 0 && peak < smooth.length - 1) {
    const [a, b, c] = [smooth[peak - 1], smooth[peak], smooth[peak + 1]];
    const denominator = a - 2 * b + c;
    if (denominator < 0) offset += (0.5 * (a - c)) / denominator;
  }
  const xMid = (x0 + x1) / 2;
  return row.y + slope * (xMid - w / 2) + offset;
}

function greyAt(image: RgbImage, w: number, h: number): Float32Array {
  const grey = new Float32Array(w * h);
  const sx = image.width / w;
  const sy = image.height / h;
  for (let y = 0; y < h; y += 1) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < w; x += 1) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      let sum = 0;
      for (let yy = y0; yy < y1; yy += 1) {
        for (let xx = x0; xx < x1; xx += 1) {
          const i = (yy * image.width + xx) * 3;
          sum += 0.299 * image.data[i] + 0.587 * image.data[i + 1] + 0.114 * image.data[i + 2];
        }
      }
      grey[y * w + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return grey;
}

/** How much darker each pixel is than the mean of its 15 × 15 neighbourhood (ink on paper, whatever the light). */
function inkMap(grey: Float32Array, w: number, h: number): Float32Array {
  const r = 7;
  const integral = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y += 1) {
    let rowSum = 0;
    for (let x = 0; x < w; x += 1) {
      rowSum += grey[y * w + x];
      integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + rowSum;
    }
  }
  const ink = new Float32Array(w * h);
  for (let y = 0; y < h; y += 1) {
    const ya = Math.max(0, y - r);
    const yb = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x += 1) {
      const xa = Math.max(0, x - r);
      const xb = Math.min(w, x + r + 1);
      const sum = integral[yb * (w + 1) + xb] - integral[ya * (w + 1) + xb] - integral[yb * (w + 1) + xa] + integral[ya * (w + 1) + xa];
      const mean = sum / ((yb - ya) * (xb - xa));
      ink[y * w + x] = Math.max(0, mean - grey[y * w + x]);
    }
  }
  return ink;
}

/** Ink summed along lines of the given slope, by the line's height at the page's middle column. */
function shearedProfile(ink: Float32Array, w: number, h: number, slope: number): Float64Array {
  const profile = new Float64Array(h);
  const offset = new Int32Array(w);
  for (let x = 0; x < w; x += 1) offset[x] = Math.round(slope * (x - w / 2));
  for (let y = 0; y < h; y += 1) {
    const row = y * w;
    for (let x = 0; x < w; x += 1) {
      const y0 = y - offset[x];
      if (y0 >= 0 && y0 < h) profile[y0] += ink[row + x];
    }
  }
  return profile;
}

/** A three-row running mean: a glyph row's top and bottom strokes make one peak, not two. */
function smoothed(profile: Float64Array): Float64Array {
  const out = new Float64Array(profile.length);
  for (let y = 0; y < profile.length; y += 1) {
    const a = Math.max(0, y - 1);
    const b = Math.min(profile.length - 1, y + 1);
    let sum = 0;
    for (let k = a; k <= b; k += 1) sum += profile[k];
    out[y] = sum / (b - a + 1);
  }
  return out;
}

/**
 * The tilt whose row profile is sharpest (largest sum of squares): text rows then fall on single profile rows.
 * Coarse steps first, then finer ones around the best.
 */
function sharpestSlope(ink: Float32Array, w: number, h: number): number {
  const sharpness = (slope: number) => shearedProfile(ink, w, h, slope).reduce((sum, v) => sum + v * v, 0);
  let best = 0;
  let bestScore = -1;
  for (let slope = -MAX_SLOPE; slope <= MAX_SLOPE + 1e-9; slope += COARSE_SLOPE_STEP) {
    const score = sharpness(slope);
    if (score > bestScore) [best, bestScore] = [slope, score];
  }
  const coarse = best;
  for (let slope = coarse - COARSE_SLOPE_STEP; slope <= coarse + COARSE_SLOPE_STEP + 1e-9; slope += FINE_SLOPE_STEP) {
    const score = sharpness(slope);
    if (score > bestScore) [best, bestScore] = [slope, score];
  }
  return best;
}

interface Peak {
  y: number;
  thickness: number;
  strength: number;
}

/** Local maxima of the profile standing clear of its surroundings, with their half-height width. */
function profilePeaks(profile: Float64Array): Peak[] {
  const h = profile.length;
  const sorted = [...profile].sort((a, b) => a - b);
  const floor = sorted[Math.floor(h * 0.5)];
  const peaks: Peak[] = [];
  for (let y = 1; y < h - 1; y += 1) {
    const v = profile[y];
    if (v <= floor * 1.5 || v < profile[y - 1] || v < profile[y + 1]) continue;
    const half = floor + (v - floor) / 2;
    let top = y;
    while (top > 0 && profile[top - 1] >= half) top -= 1;
    let bottom = y;
    while (bottom < h - 1 && profile[bottom + 1] >= half) bottom += 1;
    // A plateau is one peak.
    if (peaks.length > 0 && peaks[peaks.length - 1].y >= top) continue;
    peaks.push({ y: (top + bottom) / 2, thickness: bottom - top + 1, strength: v - floor });
  }
  return peaks;
}

/** The row's extent along its line: the longest stretch where its band holds ink, gaps of a few glyphs bridged. */
function rowAt(ink: Float32Array, w: number, h: number, slope: number, peak: Peak): Row {
  const half = Math.max(1, Math.round(peak.thickness / 2));
  const column = new Float64Array(w);
  for (let x = 0; x < w; x += 1) {
    const yc = Math.round(peak.y + slope * (x - w / 2));
    for (let y = yc - half; y <= yc + half; y += 1) if (y >= 0 && y < h) column[x] += ink[y * w + x];
  }
  // Smoothed over about two glyphs, so the gaps between glyphs do not cut the row.
  const window = Math.max(2, Math.round(peak.thickness * 2));
  const smooth = new Float64Array(w);
  let run = 0;
  for (let x = 0; x < w; x += 1) {
    run += column[x] - (x - window >= 0 ? column[x - window] : 0);
    smooth[x] = run / window;
  }
  const threshold = Math.max(...smooth) * 0.2;
  let best = { start: 0, end: 0 };
  let start = -1;
  for (let x = 0; x <= w; x += 1) {
    const on = x < w && smooth[x] > threshold;
    if (on && start < 0) start = x;
    if (!on && start >= 0) {
      if (x - start > best.end - best.start) best = { start, end: x };
      start = -1;
    }
  }
  // The running mean lags by the window: the row starts that much earlier.
  const rowStart = Math.max(0, best.start - window);
  return { y: peak.y, thickness: peak.thickness, start: rowStart, end: best.end, strength: peak.strength };
}

function isMrzLike(group: Row[]): boolean {
  const thickness = median(group.map((r) => r.thickness));
  const lengths = group.map((r) => r.end - r.start);
  const longest = Math.max(...lengths);
  if (Math.min(...lengths) < longest * (1 - MAX_LENGTH_DIFFERENCE)) return false;
  if (longest < thickness * MIN_ASPECT) return false;
  // One block: the rows start together (a line of the visual zone beside another is not an MRZ).
  const starts = group.map((r) => r.start);
  if (Math.max(...starts) - Math.min(...starts) > longest * MAX_LENGTH_DIFFERENCE) return false;
  for (let k = 1; k < group.length; k += 1) {
    const gap = group[k].y - group[k - 1].y;
    if (gap < thickness * MIN_GAP || gap > thickness * MAX_GAP) return false;
  }
  return true;
}

function meanStrength(group: Row[]): number {
  return group.reduce((sum, r) => sum + r.strength * (r.end - r.start), 0) / group.length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
