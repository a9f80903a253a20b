import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { type OrientedBox } from './oriented-box';
import { sampleStrip } from './sample-strip';
import { type RgbImage } from './types';

const INPUT_HEIGHT = 48;
const MAX_INPUT_WIDTH = 2048;

export interface Recognition {
  text: string;
  confidence: number;
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
  const source = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  for (let start = 0; start < order.length; start += BATCH_SIZE) {
    const batch = order.slice(start, start + BATCH_SIZE);
    const batchWidth = Math.max(...batch.map((i) => widths[i]));
    const plane = batchWidth * INPUT_HEIGHT;
    // Narrower crops in a batch are padded with 0, which is mid-grey after normalisation.
    const input = new Float32Array(batch.length * 3 * plane);
    for (let b = 0; b < batch.length; b += 1) {
      const regionIndex = batch[b];
      const width = widths[regionIndex];
      const strip = await sampleStrip(source, image, regions[regionIndex], width, INPUT_HEIGHT);
      const base = b * 3 * plane;
      for (let y = 0; y < INPUT_HEIGHT; y += 1) {
        for (let x = 0; x < width; x += 1) {
          const p = (y * width + x) * 3;
          const q = y * batchWidth + x;
          for (let c = 0; c < 3; c += 1) input[base + c * plane + q] = (strip[p + (2 - c)] / 255 - 0.5) / 0.5; // BGR, [-1, 1]
        }
      }
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
