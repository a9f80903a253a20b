import * as ort from 'onnxruntime-node';
import { type OrientedBox } from './oriented-box';
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
export async function recogniseTexts(session: ort.InferenceSession, characters: string[], image: RgbImage, regions: OrientedBox[], horizontalStretch = 1): Promise<Recognition[]> {
  const widths = regions.map((r) => Math.min(MAX_INPUT_WIDTH, Math.max(16, Math.ceil((r.length * INPUT_HEIGHT * horizontalStretch) / r.thickness))));
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
    const output = await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', input, [batch.length, 3, INPUT_HEIGHT, batchWidth]) });
    const tensor = output[session.outputNames[0]];
    const [, steps, classes] = tensor.dims as number[];
    const data = tensor.data as Float32Array;
    batch.forEach((regionIndex, b) => {
      results[regionIndex] = ctcGreedyDecode(data.subarray(b * steps * classes, (b + 1) * steps * classes), steps, classes, characters);
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
export function writeNormalisedBgr(strip: Uint8Array, width: number, input: Float32Array, base: number, rowStride: number, plane: number): void {
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

/** Best class per time step, repeats collapsed, blanks (class 0) dropped. */
export function ctcGreedyDecode(probabilities: Float32Array, steps: number, classes: number, characters: string[]): Recognition {
  let text = '';
  let confidenceSum = 0;
  let kept = 0;
  let previous = -1;
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
    if (best !== 0 && best !== previous) {
      text += characters[best] ?? '';
      confidenceSum += bestP;
      kept += 1;
    }
    previous = best;
  }
  return { text, confidence: kept > 0 ? confidenceSum / kept : 0 };
}
