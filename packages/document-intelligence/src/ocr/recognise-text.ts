import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { type Box, type RgbImage } from './types';

const INPUT_HEIGHT = 48;
const MAX_INPUT_WIDTH = 2048;

export interface Recognition {
  text: string;
  confidence: number;
}

/** Crops `box`, scales it to the recogniser's 48-pixel height keeping aspect, and CTC-decodes the output. */
export async function recogniseText(session: ort.InferenceSession, characters: string[], image: RgbImage, box: Box): Promise<Recognition> {
  const width = Math.min(MAX_INPUT_WIDTH, Math.max(16, Math.ceil((box.width * INPUT_HEIGHT) / box.height)));
  const pixels = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
    .resize(width, INPUT_HEIGHT, { fit: 'fill' })
    .raw()
    .toBuffer();
  const plane = width * INPUT_HEIGHT;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i += 1) {
    for (let c = 0; c < 3; c += 1) input[c * plane + i] = (pixels[i * 3 + (2 - c)] / 255 - 0.5) / 0.5; // BGR, [-1, 1]
  }
  const output = await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, INPUT_HEIGHT, width]) });
  const tensor = output[session.outputNames[0]];
  const [, steps, classes] = tensor.dims as number[];
  return ctcGreedyDecode(tensor.data as Float32Array, steps, classes, characters);
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
