import * as ort from 'onnxruntime-node';
import { type OrientedBox } from './oriented-box';
import { type OcrModelSession } from './sessions';
import { sampleStrip } from './sample-strip';
import { type RgbImage } from './types';

const INPUT_HEIGHT = 48;
const MAX_INPUT_WIDTH = 2048;

export interface Recognition {
  text: string;
  confidence: number;
  /** A whole MRZ line read and vouched for by its check digits (template reader): nothing else shares its row. */
  wholeLine?: boolean;
}

/**
 * Lines per recogniser run. Measured on the mrz-dev images: batches of 8 cost ~1.6× the CPU time of single
 * runs, because text lines vary a lot in width and the padding is computed too. Kept configurable for callers
 * with uniform crops.
 */
const BATCH_SIZE = 1;

/**
 * Samples each region as an upright strip at the recogniser's 48-pixel height (keeping aspect, times the
 * horizontal stretch) and CTC-decodes the output.
 */
export async function recogniseTexts(
  session: OcrModelSession,
  characters: string[],
  image: RgbImage,
  regions: OrientedBox[],
  horizontalStretch = 1,
  margin: RegionMargin = NO_MARGIN,
): Promise<Recognition[]> {
  const widths = regions.map((r) =>
    Math.min(MAX_INPUT_WIDTH, Math.max(16, Math.ceil((r.length * INPUT_HEIGHT * horizontalStretch) / r.thickness))),
  );
  const order = regions.map((_, i) => i).sort((a, b) => widths[a] - widths[b]);
  const results: Recognition[] = new Array<Recognition>(regions.length);
  // Every strip is requested up front: libvips cuts them on libuv's threads while session.run, which blocks the
  // JavaScript thread, reads the earlier ones. One at a time, each cut waited for the run before it.
  const strips = new Map(order.map((i) => [i, settled(sampleStrip(image, regions[i], widths[i], INPUT_HEIGHT))]));
  for (let start = 0; start < order.length; start += BATCH_SIZE) {
    const batch = order.slice(start, start + BATCH_SIZE);
    const batchWidth = Math.max(...batch.map((i) => widths[i]));
    const plane = batchWidth * INPUT_HEIGHT;
    // Narrower crops in a batch are padded with 0, which is mid-grey after normalisation.
    const input = new Float32Array(batch.length * 3 * plane);
    for (let b = 0; b < batch.length; b += 1) {
      const regionIndex = batch[b];
      const width = widths[regionIndex];
      const strip = await (strips.get(regionIndex) as Promise<Buffer>);
      writeNormalisedBgr(strip, width, input, b * 3 * plane, batchWidth, plane);
    }
    const output = await session.run({
      [session.inputNames[0]]: new ort.Tensor('float32', input, [batch.length, 3, INPUT_HEIGHT, batchWidth]),
    });
    const tensor = output[session.outputNames[0]];
    const [, steps, classes] = tensor.dims as number[];
    const data = tensor.data as Float32Array;
    batch.forEach((regionIndex, b) => {
      // The margin's share of the strip (its width over the strip's, both in input pixels) in time steps.
      const marginPixels = margin.thicknesses * INPUT_HEIGHT * horizontalStretch;
      const marginSteps = Math.ceil((marginPixels / batchWidth) * steps);
      results[regionIndex] = ctcGreedyDecode(
        data.subarray(b * steps * classes, (b + 1) * steps * classes),
        steps,
        classes,
        characters,
        marginSteps,
      );
    });
  }
  return results;
}

/** Each byte value's input level, (v / 255 - 0.5) / 0.5 as before, looked up instead of computed per sample. */
const NORMALISED = Float32Array.from({ length: 256 }, (_, v) => (v / 255 - 0.5) / 0.5);

/**
 * Writes an RGB strip `width` wide into the planar BGR input at `base` (planes `plane` apart, rows `rowStride`
 * apart), in [-1, 1].
 */
export function writeNormalisedBgr(
  strip: Uint8Array,
  width: number,
  input: Float32Array,
  base: number,
  rowStride: number,
  plane: number,
): void {
  for (let y = 0; y < INPUT_HEIGHT; y += 1) {
    const row = base + y * rowStride;
    let p = y * width * 3;
    for (let x = 0; x < width; x += 1, p += 3) {
      input[row + x] = NORMALISED[strip[p + 2]];
      input[row + plane + x] = NORMALISED[strip[p + 1]];
      input[row + 2 * plane + x] = NORMALISED[strip[p]];
    }
  }
}

/**
 * The same promise, marked as handled: strips requested ahead may fail while an earlier one is awaited, and
 * are awaited (and so throw) in their turn rather than as unhandled rejections.
 */
function settled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * The padding the caller added at each end of every region, in multiples of its thickness: what the recogniser
 * sees there is whatever lies beside the text.
 */
export interface RegionMargin {
  thicknesses: number;
}
const NO_MARGIN: RegionMargin = { thicknesses: 0 };

/**
 * A first or last glyph decoded inside the margin with less than this probability is the art beside the word (a
 * guilloche curve read 'C' before OLIVER, p 0.47), not a letter: a letter that reaches into the margin is read with
 * the confidence of the rest of the word (0.9 and more on legible text).
 */
export const MIN_MARGIN_GLYPH_PROBABILITY = 0.5;

/**
 * A word gap the decoder did not emit: between two glyphs, the space class reaching this probability at a step the
 * blank won. The recogniser rarely gives the space the argmax at a word gap ('OLIVERTHOMAS', '18OCT1959', 'MGBR' on
 * a sharp card front), but its probability there stands at 0.2–0.46 where inside a word it stays at 0.00–0.03
 * (measured on seed 2026 doc 124's front). Greedy decoding throws that mass away; a beam search would keep it.
 */
const MIN_WORD_GAP_SPACE_PROBABILITY = 0.2;

interface Glyph {
  text: string;
  step: number;
  probability: number;
  /** A space put in for a word gap (MIN_WORD_GAP_SPACE_PROBABILITY), not decoded: left out of the confidence. */
  gap?: boolean;
}

/**
 * Best class per time step, repeats collapsed, blanks (class 0) dropped, a space put in at a word gap
 * (MIN_WORD_GAP_SPACE_PROBABILITY); then a doubtful glyph in the first or last `marginSteps` time steps is dropped
 * (MIN_MARGIN_GLYPH_PROBABILITY).
 */
export function ctcGreedyDecode(
  probabilities: Float32Array,
  steps: number,
  classes: number,
  characters: string[],
  marginSteps = 0,
): Recognition {
  const spaceClass = characters.lastIndexOf(' ');
  let glyphs: Glyph[] = [];
  let previous = -1;
  let gapSpace = 0;
  for (let t = 0; t < steps; t += 1) {
    let best = 0;
    let bestP = -Infinity;
    const offset = t * classes;
    for (let c = 0; c < classes; c += 1) {
      if (probabilities[offset + c] > bestP) {
        bestP = probabilities[offset + c];
        best = c;
      }
    }
    if (best === 0 && spaceClass > 0) gapSpace = Math.max(gapSpace, probabilities[offset + spaceClass]);
    if (best !== 0 && best !== previous) {
      const last = glyphs[glyphs.length - 1];
      if (last && last.text !== ' ' && best !== spaceClass && gapSpace >= MIN_WORD_GAP_SPACE_PROBABILITY) {
        glyphs.push({ text: ' ', step: t, probability: gapSpace, gap: true });
      }
      glyphs.push({ text: characters[best] ?? '', step: t, probability: bestP });
    }
    if (best !== 0) gapSpace = 0;
    previous = best;
  }
  const doubtful = (glyph: Glyph | undefined, inMargin: boolean): boolean =>
    glyph !== undefined && inMargin && glyph.probability < MIN_MARGIN_GLYPH_PROBABILITY && glyph.text.trim() !== '';
  if (glyphs.length > 1 && doubtful(glyphs[0], glyphs[0].step < marginSteps)) glyphs.shift();
  const last = glyphs[glyphs.length - 1];
  if (glyphs.length > 1 && doubtful(last, last.step >= steps - marginSteps)) glyphs.pop();
  // A gap space left at an end by a dropped glyph separates nothing.
  while (glyphs[0]?.gap) glyphs = glyphs.slice(1);
  while (glyphs[glyphs.length - 1]?.gap) glyphs = glyphs.slice(0, -1);
  const text = glyphs.map((g) => g.text).join('');
  const decoded = glyphs.filter((g) => !g.gap);
  const confidence = decoded.length > 0 ? decoded.reduce((sum, g) => sum + g.probability, 0) / decoded.length : 0;
  return { text, confidence };
}
