import { OCRB_TEMPLATES_BASE64 } from './ocrb-templates';
import { LETTERS_ONLY_BAND_SHARE, MRZ_ALPHABET, TEMPLATE_HEIGHT, TEMPLATE_WIDTH } from './template-geometry';

/** A level greyscale strip holding one MRZ line (0 = black, 255 = white). */
export interface GreyStrip {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface TemplateLineReading {
  text: string;
  /** Normalised cross-correlation of each character with its best template, −1…1. */
  scores: number[];
  meanScore: number;
}

/** Rows carrying at least this share of the busiest row's ink belong to the text band. */
const BAND_ROW_SHARE = 0.25;
/** A column is ink when this share of the band's rows is dark: keeps noise specks from joining glyphs. */
const INK_COLUMN_SHARE = 0.08;
/** Character pitch over band height: OCR-B's is 0.92; printing and capture stretch it within these bounds. */
const PITCH_TO_BAND = [0.6, 1.6] as const;
/** Glyphs at least this share of the tallest one's height stand on the baseline (the '<' floats above it). */
const FULL_HEIGHT_SHARE = 0.85;
/** Cells on each side whose glyphs set a cell's centre. */
const LOCAL_FIT_RADIUS = 5;
/** Template-grid pixels a cell may be shifted to meet its template (centring of narrow glyphs, fit error). */
const SHIFT_X = 1;
const SHIFT_Y = 1;
/** Templates compared at every shift: the best few at the unshifted position. */
const SHORTLIST = 3;

const TEMPLATE_SIZE = TEMPLATE_WIDTH * TEMPLATE_HEIGHT;
const ALPHABET_SIZE = MRZ_ALPHABET.length;
const templates = normalisedTemplates();

/**
 * Reads one MRZ line from its level strip with OCR-B templates, at the line length asked for (30, 36, 44) whose
 * pitch places most glyphs where it predicts them. The MRZ is printed in one monospaced
 * typeface at a fixed pitch, so once the line's band and pitch are known every character sits in a known cell;
 * no language model is needed, and the check digits judge the result. Returns null when no band or pitch fits.
 */
export function readLineByTemplate(strip: GreyStrip, lengths: readonly number[]): TemplateLineReading | null {
  const ink = inkMask(strip);
  const band = textBand(ink, strip.width, strip.height);
  if (!band || band.bottom - band.top + 1 < 8) return null;
  const runs = glyphRuns(ink, strip.width, band);
  if (runs.length < 2) return null;
  const bandHeight = band.bottom - band.top + 1;
  const layouts = lengths
    .map((length) => cellCentres(runs, length, bandHeight))
    .filter((fit): fit is CellFit => fit !== null)
    .sort((a, b) => b.anchoredShare - a.anchoredShare);
  if (layouts.length === 0) return null;
  // The length whose pitch puts most glyphs where it predicts them. Capitals are shorter than digits: a line
  // without digits is read both ways. O/0-like pairs left ambiguous are settled by the MRZ field types.
  const layout = layouts[0];
  const withDigits = readCells(strip, layout, 1);
  const lettersOnly = readCells(strip, layout, LETTERS_ONLY_BAND_SHARE);
  return lettersOnly.meanScore > withDigits.meanScore ? lettersOnly : withDigits;
}

/** Ink pixels for finding the band and the glyphs, from a 3×3 mean so sensor noise does not bridge the gaps. */
function inkMask(strip: GreyStrip): Uint8Array {
  const smooth = boxFilter3(strip);
  const threshold = otsuThreshold(smooth);
  const ink = new Uint8Array(smooth.length);
  for (let i = 0; i < ink.length; i += 1) ink[i] = smooth[i] < threshold ? 1 : 0;
  return ink;
}

function boxFilter3({ data, width, height }: GreyStrip): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let sum = 0;
      let count = 0;
      for (let dy = -1; dy <= 1; dy += 1) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          sum += data[yy * width + xx];
          count += 1;
        }
      }
      out[y * width + x] = sum / count;
    }
  }
  return out;
}

function otsuThreshold(values: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (const v of values) histogram[v] += 1;
  const total = values.length;
  let sumAll = 0;
  for (let i = 0; i < 256; i += 1) sumAll += i * histogram[i];
  let sumBelow = 0,
    weightBelow = 0,
    best = 0,
    threshold = 128;
  for (let t = 0; t < 256; t += 1) {
    weightBelow += histogram[t];
    if (weightBelow === 0) continue;
    const weightAbove = total - weightBelow;
    if (weightAbove === 0) break;
    sumBelow += t * histogram[t];
    const meanBelow = sumBelow / weightBelow;
    const meanAbove = (sumAll - sumBelow) / weightAbove;
    const between = weightBelow * weightAbove * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = t + 1;
    }
  }
  return threshold;
}

interface Band {
  top: number;
  bottom: number;
}

/** The run of rows around the busiest one whose ink passes BAND_ROW_SHARE of it. */
function textBand(ink: Uint8Array, width: number, height: number): Band | null {
  const rows = new Array<number>(height).fill(0);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) rows[y] += ink[y * width + x];
  const peak = rows.indexOf(Math.max(...rows));
  if (rows[peak] === 0) return null;
  const floor = rows[peak] * BAND_ROW_SHARE;
  let top = peak;
  let bottom = peak;
  while (top > 0 && rows[top - 1] >= floor) top -= 1;
  while (bottom < height - 1 && rows[bottom + 1] >= floor) bottom += 1;
  return { top, bottom };
}

interface Run {
  start: number;
  end: number;
  centre: number;
  /** First and last ink row of the run (within the band and a margin around it). */
  top: number;
  bottom: number;
}

function glyphRuns(ink: Uint8Array, width: number, band: Band): Run[] {
  const rows = band.bottom - band.top + 1;
  const minimum = Math.max(1, Math.round(rows * INK_COLUMN_SHARE));
  const runs: Run[] = [];
  let start = -1;
  for (let x = 0; x <= width; x += 1) {
    let count = 0;
    if (x < width) for (let y = band.top; y <= band.bottom; y += 1) count += ink[y * width + x];
    const isInk = x < width && count >= minimum;
    if (isInk && start < 0) start = x;
    if (!isInk && start >= 0) {
      runs.push({ start, end: x - 1, centre: (start + x - 1) / 2, ...inkRows(ink, width, start, x - 1, band) });
      start = -1;
    }
  }
  return runs;
}

function inkRows(ink: Uint8Array, width: number, start: number, end: number, band: Band): { top: number; bottom: number } {
  const margin = Math.round((band.bottom - band.top + 1) * 0.3);
  const rows = ink.length / width;
  const from = Math.max(0, band.top - margin);
  const to = Math.min(rows - 1, band.bottom + margin);
  let top = band.top;
  let bottom = band.bottom;
  let seen = false;
  for (let y = from; y <= to; y += 1) {
    let any = false;
    for (let x = start; x <= end && !any; x += 1) any = ink[y * width + x] === 1;
    if (!any) continue;
    if (!seen) top = y;
    bottom = y;
    seen = true;
  }
  return { top, bottom };
}

interface CellFit {
  centres: number[];
  /** Row just below the ink of full-height glyphs, per cell (a perspective photo tilts and shrinks the line). */
  baselines: number[];
  /** Height of the tallest glyphs over the pitch they stand at: the band shrinks with the pitch along the line. */
  bandToPitch: number;
  /** Share of the glyph runs that sit alone where the pitch predicts a character. */
  anchoredShare: number;
}

/**
 * Cell centres for a line of `length` characters. Glyphs are walked left to right, each gap counted in pitches
 * of the pitch seen so far (a photo's perspective changes the pitch along the line), a glyph run wider than
 * one and a half pitches being touching glyphs; the walk must end on the last cell. Each cell's centre is then a
 * local straight-line fit through the glyphs around it, which evens out glyphs whose ink is off-centre ('1').
 */
function cellCentres(runs: Run[], length: number, bandHeight: number): CellFit | null {
  const first = runs[0].centre;
  const last = runs[runs.length - 1].centre;
  let pitch = (last - first) / (length - 1);
  if (pitch < bandHeight * PITCH_TO_BAND[0] || pitch > bandHeight * PITCH_TO_BAND[1]) return null;
  const glyphs = runs.flatMap((run) => {
    const width = run.end - run.start + 1;
    const count = width > pitch * 1.5 ? Math.round(width / pitch) : 1;
    return Array.from({ length: count }, (_, k) => ({ centre: run.start + (width * (k + 0.5)) / count, run }));
  });
  const anchors: [number, number][] = [[0, glyphs[0].centre]];
  const baselineAnchors: [number, number][] = [];
  const fullHeight = Math.max(...runs.map((r) => r.bottom - r.top + 1));
  const heightsToPitch: number[] = [];
  const addBaseline = (index: number, run: Run) => {
    if (run.bottom - run.top + 1 < fullHeight * FULL_HEIGHT_SHARE) return;
    baselineAnchors.push([index, run.bottom + 1]);
    heightsToPitch.push((run.bottom - run.top + 1) / pitch);
  };
  addBaseline(0, glyphs[0].run);
  let index = 0;
  for (let j = 1; j < glyphs.length; j += 1) {
    const gap = glyphs[j].centre - glyphs[j - 1].centre;
    const steps = Math.round(gap / pitch);
    if (steps < 1) continue; // a glyph broken in two: its first part already holds the cell
    index += steps;
    if (steps === 1) pitch = 0.8 * pitch + 0.2 * gap;
    anchors.push([index, glyphs[j].centre]);
    addBaseline(index, glyphs[j].run);
  }
  if (index !== length - 1 || baselineAnchors.length === 0) return null;
  return {
    centres: Array.from({ length }, (_, i) => localFit(anchors, i)),
    baselines: Array.from({ length }, (_, i) => localFit(baselineAnchors, i)),
    bandToPitch: heightsToPitch.sort((a, b) => a - b)[Math.floor(heightsToPitch.length * 0.9)],
    anchoredShare: anchors.length / length,
  };
}

/** Least-squares line through the anchors within LOCAL_FIT_RADIUS cells of `cell`, evaluated there. */
function localFit(anchors: [number, number][], cell: number): number {
  let near = anchors.filter(([i]) => Math.abs(i - cell) <= LOCAL_FIT_RADIUS);
  if (near.length < 3) near = anchors;
  const n = near.length;
  const meanI = near.reduce((s, [i]) => s + i, 0) / n;
  const meanC = near.reduce((s, [, c]) => s + c, 0) / n;
  let sii = 0,
    sic = 0;
  for (const [i, c] of near) {
    sii += (i - meanI) ** 2;
    sic += (i - meanI) * (c - meanC);
  }
  const slope = sii > 0 ? sic / sii : 0;
  return meanC + slope * (cell - meanI);
}

/**
 * Compares every cell with every template. `bandShare` says which part of the template's band the measured
 * band is: 1 when the line has digits (the tallest glyphs), less when only capitals set its top.
 */
function readCells(strip: GreyStrip, layout: CellFit, bandShare: number): TemplateLineReading {
  const { centres, baselines } = layout;
  const pitch = centres.length > 1 ? (centres[centres.length - 1] - centres[0]) / (centres.length - 1) : 1;
  const gridWidth = TEMPLATE_WIDTH + 2 * SHIFT_X;
  const gridHeight = TEMPLATE_HEIGHT + 2 * SHIFT_Y;
  const grid = new Float32Array(gridWidth * gridHeight);
  const window = new Float32Array(TEMPLATE_SIZE);
  let text = '';
  const scores: number[] = [];
  centres.forEach((centre, i) => {
    // The local pitch follows the fitted centres (perspective); the cell's first column sits half a pitch left.
    const localPitch = i > 0 && i < centres.length - 1 ? (centres[i + 1] - centres[i - 1]) / 2 : pitch;
    // Glyphs shrink with the pitch where perspective narrows the line.
    const localBand = (layout.bandToPitch * localPitch) / bandShare;
    const stepX = localPitch / TEMPLATE_WIDTH;
    const stepY = localBand / TEMPLATE_HEIGHT;
    const left = centre - localPitch / 2 - SHIFT_X * stepX;
    const top = baselines[i] - localBand - SHIFT_Y * stepY;
    for (let gy = 0; gy < gridHeight; gy += 1) {
      for (let gx = 0; gx < gridWidth; gx += 1)
        grid[gy * gridWidth + gx] = 255 - sampleArea(strip, left + (gx + 0.5) * stepX, top + (gy + 0.5) * stepY, stepX, stepY);
    }
    const best = new Float32Array(MRZ_ALPHABET.length).fill(-1);
    const shortlist = correlateAt(grid, gridWidth, SHIFT_X, SHIFT_Y, window, null, best);
    for (let dy = 0; dy <= 2 * SHIFT_Y; dy += 1) {
      for (let dx = 0; dx <= 2 * SHIFT_X; dx += 1) {
        if (dx !== SHIFT_X || dy !== SHIFT_Y) correlateAt(grid, gridWidth, dx, dy, window, shortlist, best);
      }
    }
    let first = 0;
    for (let k = 1; k < best.length; k += 1) if (best[k] > best[first]) first = k;
    text += MRZ_ALPHABET[first];
    scores.push(best[first]);
  });
  return { text, scores, meanScore: scores.reduce((s, v) => s + v, 0) / Math.max(1, scores.length) };
}

/**
 * Correlates the window at (dx, dy) of the grid with the given templates (all when null), raising `best` per
 * template; returns the SHORTLIST best templates at this position. Runs for every cell of every line: no
 * allocation in here.
 */
function correlateAt(
  grid: Float32Array,
  gridWidth: number,
  dx: number,
  dy: number,
  window: Float32Array,
  only: Int32Array | null,
  best: Float32Array,
): Int32Array {
  for (let y = 0; y < TEMPLATE_HEIGHT; y += 1) {
    const from = (y + dy) * gridWidth + dx;
    window.set(grid.subarray(from, from + TEMPLATE_WIDTH), y * TEMPLATE_WIDTH);
  }
  const shortlist = new Int32Array(SHORTLIST).fill(-1);
  if (!normalise(window)) return only ?? shortlist;
  const count = only ? only.length : ALPHABET_SIZE;
  const top = new Float32Array(SHORTLIST).fill(-Infinity);
  for (let c = 0; c < count; c += 1) {
    const k = only ? only[c] : c;
    if (k < 0) continue;
    let dot = 0;
    const offset = k * TEMPLATE_SIZE;
    for (let p = 0; p < TEMPLATE_SIZE; p += 1) dot += window[p] * templates[offset + p];
    if (dot > best[k]) best[k] = dot;
    // Insertion into the running top SHORTLIST.
    for (let r = 0; r < SHORTLIST; r += 1) {
      if (dot > top[r]) {
        for (let q = SHORTLIST - 1; q > r; q -= 1) {
          top[q] = top[q - 1];
          shortlist[q] = shortlist[q - 1];
        }
        top[r] = dot;
        shortlist[r] = k;
        break;
      }
    }
  }
  return shortlist;
}

/**
 * Mean grey over a step × step footprint centred on (x, y): one bilinear sample while the footprint is at most
 * 1.5 pixels (no aliasing to speak of), a 2 × 2 grid of them when the photo is finer than the template grid.
 */
function sampleArea(strip: GreyStrip, x: number, y: number, stepX: number, stepY: number): number {
  if (stepX <= 1.5 && stepY <= 1.5) return bilinear(strip, x, y);
  const dx = stepX / 4;
  const dy = stepY / 4;
  return (
    (bilinear(strip, x - dx, y - dy) +
      bilinear(strip, x + dx, y - dy) +
      bilinear(strip, x - dx, y + dy) +
      bilinear(strip, x + dx, y + dy)) /
    4
  );
}

function bilinear(strip: GreyStrip, x: number, y: number): number {
  const cx = Math.min(strip.width - 1, Math.max(0, x - 0.5));
  const cy = Math.min(strip.height - 1, Math.max(0, y - 0.5));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(strip.width - 1, x0 + 1);
  const y1 = Math.min(strip.height - 1, y0 + 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const d = strip.data;
  const w = strip.width;
  const top = d[y0 * w + x0] + (d[y0 * w + x1] - d[y0 * w + x0]) * fx;
  const bottom = d[y1 * w + x0] + (d[y1 * w + x1] - d[y1 * w + x0]) * fx;
  return top + (bottom - top) * fy;
}

/** Zero mean, unit length; false for a flat window (nothing to compare). */
function normalise(values: Float32Array): boolean {
  let mean = 0;
  for (const v of values) mean += v;
  mean /= values.length;
  let norm = 0;
  for (let i = 0; i < values.length; i += 1) {
    values[i] -= mean;
    norm += values[i] * values[i];
  }
  if (norm < 1e-6) return false;
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < values.length; i += 1) values[i] *= scale;
  return true;
}

function normalisedTemplates(): Float32Array {
  const raw = Buffer.from(OCRB_TEMPLATES_BASE64, 'base64');
  const out = new Float32Array(raw.length);
  for (let k = 0; k < MRZ_ALPHABET.length; k += 1) {
    const one = new Float32Array(TEMPLATE_SIZE);
    for (let p = 0; p < TEMPLATE_SIZE; p += 1) one[p] = raw[k * TEMPLATE_SIZE + p];
    normalise(one);
    out.set(one, k * TEMPLATE_SIZE);
  }
  return out;
}
