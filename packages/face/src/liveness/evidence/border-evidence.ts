import { type FaceBox } from '../types';
import { downscaleByFactor, type GreyImage } from './greyscale';

/**
 * Device or photo borders: a phone, tablet or print held up to the camera puts long straight
 * edges around the face — left and right of it, and usually above or below. A small Hough
 * transform looks for near-vertical (±12° in 3° steps) and near-horizontal lines on a ~160-px-wide copy;
 * a side counts when its best line is long (≥ 40 % of the frame side), lies outside the face box
 * and within 1.5 face widths of it, so walls and door frames far from the face count less.
 */
export interface BorderEvidence {
  /** Which sides of the face have a bracketing straight edge. */
  sides: { left: boolean; right: boolean; top: boolean; bottom: boolean };
  /** Longest bracketing line on each side as a fraction of the frame side (0 when none). */
  strength: { left: number; right: number; top: number; bottom: number };
}

const TARGET_WIDTH = 160;
const MAX_ANGLE_DEG = 12; // searched in 3° steps
const MIN_LINE_FRACTION = 0.4;
const MAX_DISTANCE_IN_FACE_WIDTHS = 1.5;

interface Line {
  position: number;
  votes: number;
}

/**
 * Best line among those whose position falls in [from, to]; `vertical` means lines of roughly
 * constant x. Each point votes once per tilt; a line's length is the number of distinct rows
 * (columns for horizontal lines) it passes through, so a thick edge is not counted twice.
 * `points` must be sorted by the coordinate along the line.
 */
function bestLine(points: Array<[number, number]>, vertical: boolean, from: number, to: number, extent: number): Line {
  let best: Line = { position: -1, votes: 0 };
  const lo = Math.floor(from);
  const range = Math.floor(to) - lo + 1;
  if (range <= 0) return best;
  const votes = new Int32Array(range);
  const lastAlong = new Int32Array(range);
  for (let deg = -MAX_ANGLE_DEG; deg <= MAX_ANGLE_DEG; deg += 3) {
    const t = (deg * Math.PI) / 180;
    const cos = Math.cos(t);
    const sin = Math.sin(t);
    votes.fill(0);
    lastAlong.fill(-1);
    for (const [x, y] of points) {
      const across = vertical ? x : y;
      const along = vertical ? y : x;
      const bin = Math.round(across * cos + (along - extent / 2) * sin) - lo;
      if (bin < 0 || bin >= range || lastAlong[bin] === along) continue;
      lastAlong[bin] = along;
      votes[bin]++;
    }
    for (let bin = 0; bin < range; bin++) {
      if (votes[bin] > best.votes) best = { position: bin + lo, votes: votes[bin] };
    }
  }
  return best;
}

export function measureBorderEvidence(luma: GreyImage, box: FaceBox): BorderEvidence {
  const factor = Math.max(1, Math.floor(luma.width / TARGET_WIDTH));
  const small = downscaleByFactor(luma, factor);
  const { width, height, data } = small;
  const verticalEdges: Array<[number, number]> = [];
  const horizontalEdges: Array<[number, number]> = [];
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const gx = data[i - width + 1] + 2 * data[i + 1] + data[i + width + 1] - data[i - width - 1] - 2 * data[i - 1] - data[i + width - 1];
      const gy =
        data[i + width - 1] + 2 * data[i + width] + data[i + width + 1] - data[i - width - 1] - 2 * data[i - width] - data[i - width + 1];
      // 80 on the Sobel scale (≈ a 20-level step): a clear edge, not sensor noise or skin texture.
      if (Math.abs(gx) > 80 && Math.abs(gx) > 2 * Math.abs(gy)) verticalEdges.push([x, y]);
      if (Math.abs(gy) > 80 && Math.abs(gy) > 2 * Math.abs(gx)) horizontalEdges.push([x, y]);
    }
  }
  const fx0 = box.x / factor;
  const fx1 = (box.x + box.width) / factor;
  const fy0 = box.y / factor;
  const fy1 = (box.y + box.height) / factor;
  const reach = (MAX_DISTANCE_IN_FACE_WIDTHS * box.width) / factor;
  horizontalEdges.sort((a, b) => a[0] - b[0]);
  const left = bestLine(verticalEdges, true, fx0 - reach, fx0 - 1, height);
  const right = bestLine(verticalEdges, true, fx1 + 1, fx1 + reach, height);
  const top = bestLine(horizontalEdges, false, fy0 - reach, fy0 - 1, width);
  const bottom = bestLine(horizontalEdges, false, fy1 + 1, fy1 + reach, width);
  const strength = { left: left.votes / height, right: right.votes / height, top: top.votes / width, bottom: bottom.votes / width };
  return {
    strength,
    sides: {
      left: strength.left >= MIN_LINE_FRACTION,
      right: strength.right >= MIN_LINE_FRACTION,
      top: strength.top >= MIN_LINE_FRACTION,
      bottom: strength.bottom >= MIN_LINE_FRACTION,
    },
  };
}
