import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { boundsOf, type OrientedBox, scaleRegion } from './oriented-box';
import { type OcrModelSession } from './sessions';
import { type RgbImage, type TextBox } from './types';

export interface DetectedRegion {
  region: OrientedBox;
  /** Mean detection probability inside the region. */
  score: number;
}

/** PaddleOCR DB defaults (det_db_thresh, det_db_box_thresh, det_db_unclip_ratio, det_limit_side_len). */
const PIXEL_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.6;
const UNCLIP_RATIO = 1.5;
/**
 * Long side of the detector's input. 736 instead of PaddleOCR's 960: detection CPU time falls with the pixel
 * count (~0.6×); recognition still crops from the full working image. 640 was faster still and as good on
 * generated documents, but its coarser boxes made the real Estonian passport (mrz-dev id2) read '<<<02' as
 * '<<021'.
 */
const MAX_SIDE = 736;
const MIN_BOX_SIDE = 3;

// ImageNet statistics, applied to B,G,R planes in that order as PaddleOCR does (it decodes with OpenCV).
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

/** Per B, G, R plane: each byte value's normalised level, (v / 255 - mean) / std, looked up instead of computed per pixel. */
const NORMALISED = MEAN.map((mean, c) => Float32Array.from({ length: 256 }, (_, v) => (v / 255 - mean) / STD[c]));

/** Interleaved RGB bytes → planar BGR floats, ImageNet-normalised. */
export function detectorInput(rgb: Uint8Array, plane: number): Float32Array {
  const input = new Float32Array(3 * plane);
  const [blue, green, red] = NORMALISED;
  for (let i = 0, p = 0; i < plane; i += 1, p += 3) {
    input[i] = blue[rgb[p + 2]];
    input[plane + i] = green[rgb[p + 1]];
    input[2 * plane + i] = red[rgb[p]];
  }
  return input;
}

export async function detectTextBoxes(session: OcrModelSession, image: RgbImage): Promise<TextBox[]> {
  const scale = Math.min(1, MAX_SIDE / Math.max(image.width, image.height));
  const width = Math.max(32, Math.round((image.width * scale) / 32) * 32);
  const height = Math.max(32, Math.round((image.height * scale) / 32) * 32);
  const resized = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const input = detectorInput(resized, width * height);
  const feeds = { [session.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, height, width]) };
  const output = await session.run(feeds);
  const probability = output[session.outputNames[0]].data as Float32Array;
  const sx = image.width / width;
  const sy = image.height / height;
  return boxesFromProbabilityMap(probability, width, height).map(({ region, score }) => {
    const scaled = scaleRegion(region, sx, sy);
    return { score, region: scaled, box: boundsOf(scaled, image.width, image.height) };
  });
}

/**
 * Components elongated at least this much (principal axes' ratio) get their own angle; shorter ones (single
 * letters, short numbers) have no reliable direction and stay upright.
 */
const MIN_ELONGATION_FOR_ANGLE = 3;
/** Steeper than this is not a tilted photo of a level line; such regions stay upright (rotation retries handle 90°). */
const MAX_TEXT_ANGLE = (35 * Math.PI) / 180;
/** Below this the tilt is not worth resampling for: the region stays upright, as axis-aligned as before. */
const MIN_TEXT_ANGLE = (1 * Math.PI) / 180;

/**
 * DB post-processing: threshold the probability map, take 4-connected regions, keep those whose mean
 * probability passes the box threshold, fit each region's rectangle along its principal axis (when it is
 * long enough to have one), and grow it by the unclip distance (area × ratio / perimeter), which restores
 * the text border the shrunk DB kernel leaves out.
 */
export function boxesFromProbabilityMap(prob: Float32Array, width: number, height: number): DetectedRegion[] {
  const label = new Int32Array(width * height);
  const regions: DetectedRegion[] = [];
  const stack: number[] = [];
  const members: number[] = [];
  let next = 1;
  for (let start = 0; start < prob.length; start += 1) {
    if (label[start] !== 0 || prob[start] <= PIXEL_THRESHOLD) continue;
    let sum = 0;
    members.length = 0;
    label[start] = next;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop() as number;
      const x = p % width;
      const y = (p - x) / width;
      sum += prob[p];
      members.push(p);
      // Left, right, up, down, in that order (the pixel order feeds the rectangle fit's sums); no array per pixel.
      if (x > 0 && label[p - 1] === 0 && prob[p - 1] > PIXEL_THRESHOLD) {
        label[p - 1] = next;
        stack.push(p - 1);
      }
      if (x < width - 1 && label[p + 1] === 0 && prob[p + 1] > PIXEL_THRESHOLD) {
        label[p + 1] = next;
        stack.push(p + 1);
      }
      if (y > 0 && label[p - width] === 0 && prob[p - width] > PIXEL_THRESHOLD) {
        label[p - width] = next;
        stack.push(p - width);
      }
      if (y < height - 1 && label[p + width] === 0 && prob[p + width] > PIXEL_THRESHOLD) {
        label[p + width] = next;
        stack.push(p + width);
      }
    }
    next += 1;
    const score = sum / members.length;
    if (score < BOX_THRESHOLD) continue;
    const fitted = fitRectangle(members, width);
    if (Math.min(fitted.length, fitted.thickness) < MIN_BOX_SIDE) continue;
    const distance = (fitted.length * fitted.thickness * UNCLIP_RATIO) / (2 * (fitted.length + fitted.thickness));
    regions.push({ score, region: { ...fitted, length: fitted.length + 2 * distance, thickness: fitted.thickness + 2 * distance } });
  }
  return regions;
}

/**
 * A tilt below MIN_TEXT_ANGLE still counts when the upright box would be this many times as thick as the tilted
 * one: the line drifts across half its own thickness along its length. A 760-px MRZ line at 0.9° drifts 12 px;
 * upright, its box was half again as thick, took in the next line's edge and fell below the long-line aspect
 * (a card back in perspective, eval seed 2026 doc 67, whose MRZ no look then read).
 */
const MIN_THINNING_BY_TILT = 1.5;

/** The rectangle of a pixel set along its principal axis (from second moments), or upright when that axis is unreliable. */
function fitRectangle(pixels: number[], width: number): OrientedBox {
  let mx = 0,
    my = 0;
  for (const p of pixels) {
    mx += p % width;
    my += Math.floor(p / width);
  }
  mx /= pixels.length;
  my /= pixels.length;
  let cxx = 0,
    cyy = 0,
    cxy = 0;
  for (const p of pixels) {
    const dx = (p % width) - mx;
    const dy = Math.floor(p / width) - my;
    cxx += dx * dx;
    cyy += dy * dy;
    cxy += dx * dy;
  }
  const theta = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
  const spread = Math.sqrt((cxx - cyy) ** 2 + 4 * cxy * cxy);
  const major = (cxx + cyy + spread) / 2;
  const minor = Math.max(1e-9, (cxx + cyy - spread) / 2);
  if (Math.sqrt(major / minor) < MIN_ELONGATION_FOR_ANGLE || Math.abs(theta) > MAX_TEXT_ANGLE || theta === 0)
    return rectangleAlong(pixels, width, mx, my, 0);
  const tilted = rectangleAlong(pixels, width, mx, my, theta);
  if (Math.abs(theta) >= MIN_TEXT_ANGLE) return tilted;
  // Only a tilt under MIN_TEXT_ANGLE is weighed against the upright box: one more pass over these pixels, not every region's.
  const upright = rectangleAlong(pixels, width, mx, my, 0);
  return upright.thickness >= tilted.thickness * MIN_THINNING_BY_TILT ? tilted : upright;
}

/** The pixels' bounding rectangle along direction `angle`, about their mean (mx, my). */
function rectangleAlong(pixels: number[], width: number, mx: number, my: number, angle: number): OrientedBox {
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  let minS = Infinity,
    maxS = -Infinity,
    minT = Infinity,
    maxT = -Infinity;
  for (const p of pixels) {
    const dx = (p % width) - mx;
    const dy = Math.floor(p / width) - my;
    const s = dx * ux + dy * uy;
    const t = -dx * uy + dy * ux;
    if (s < minS) minS = s;
    if (s > maxS) maxS = s;
    if (t < minT) minT = t;
    if (t > maxT) maxT = t;
  }
  // Pixel extents count whole pixels: a run from column 3 to 7 is 5 wide.
  const midS = (minS + maxS) / 2;
  const midT = (minT + maxT) / 2;
  return {
    cx: mx + ux * midS - uy * midT + 0.5,
    cy: my + uy * midS + ux * midT + 0.5,
    length: maxS - minS + 1,
    thickness: maxT - minT + 1,
    angle,
  };
}
