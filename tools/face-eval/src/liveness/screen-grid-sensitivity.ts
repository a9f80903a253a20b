import { readFileSync } from 'fs';
import { type Box } from '@kyc/face';
import { decodeToRgb, measureFrequencyEvidence, toLuma } from '@kyc/face/stages';

/**
 * How far the screen-grid statistic (peak over ring median, dB, on a block at the face box's
 * centre) moves when the box moves: the face box of an upload comes from our detector and
 * landmarks, and another detector version, pose or crop shifts it. The fusion's rule lets a cue
 * veto only at values no real bona fide photo reaches, so that rule is judged on the highest value
 * each real photo reaches over nearby boxes, not only on the one box of today's pipeline.
 *
 * The across-face statistic, on which the fusion vetoes, is followed the same way.
 *
 * Boxes: centre shifted by −15 %, 0, +15 % of the box's width and height, side × 0.8, 1, 1.25 (27).
 */
export interface ScreenGridSpread {
  name: string;
  /** dB on the box the pipeline used. */
  atBox: number;
  /** Highest dB over the 27 nearby boxes. */
  highest: number;
  /** The across-face statistic (lowest of five blocks, FrequencyEvidence.acrossFaceDb) on the box, and its highest over the nearby boxes. */
  acrossFaceAtBox: number;
  acrossFaceHighest: number;
}

const SHIFTS = [-0.15, 0, 0.15];
const SIDES = [0.8, 1, 1.25];

export async function screenGridSpread(path: string, name: string, box: Box): Promise<ScreenGridSpread | null> {
  const decoded = await decodeToRgb(readFileSync(path));
  if (!decoded.ok) return null;
  const luma = toLuma(decoded.image);
  const s = decoded.scale;
  const b = { x: box.x * s, y: box.y * s, width: box.width * s, height: box.height * s };
  const measured = measureFrequencyEvidence(luma, b, Number.NEGATIVE_INFINITY);
  if (!measured) return null;
  const atBox = measured.peakToRingDb;
  const acrossFaceAtBox = measured.acrossFaceDb ?? atBox;
  let highest = atBox;
  let acrossFaceHighest = acrossFaceAtBox;
  for (const dx of SHIFTS)
    for (const dy of SHIFTS)
      for (const side of SIDES) {
        const width = b.width * side;
        const height = b.height * side;
        const moved = {
          x: b.x + b.width / 2 - width / 2 + dx * b.width,
          y: b.y + b.height / 2 - height / 2 + dy * b.height,
          width,
          height,
        };
        const at = measureFrequencyEvidence(luma, moved, Number.NEGATIVE_INFINITY);
        if (!at) continue;
        highest = Math.max(highest, at.peakToRingDb);
        acrossFaceHighest = Math.max(acrossFaceHighest, at.acrossFaceDb ?? at.peakToRingDb);
      }
  return { name, atBox, highest, acrossFaceAtBox, acrossFaceHighest };
}
