import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as ort from 'onnxruntime-node';
import { readVerifiedModel } from '@kyc/model-integrity';
import { ocrSessionOptions } from '../../ocr/sessions';
import { MRZ_CLASSES, type StepLogProbs } from './constrained-decode';

/**
 * Our own MRZ line recogniser (models/mrz-ocrb-recogniser.onnx in this package; its card, training script and
 * figures are in models/MRZ-RECOGNISER.md): a small CNN with CTC over the 37 MRZ symbols, trained on synthetic
 * OCR-B lines only. Input [1, 1, 32, W] grey in [-1, 1], W a multiple of 4; output [1, W/4, 38] log-probabilities.
 */
export const MRZ_MODEL_FILE = 'mrz-ocrb-recogniser.onnx';
export const MRZ_STRIP_HEIGHT = 32;
const WIDTH_MULTIPLE = 4;
/** The widest strip read: 44 characters at the widest pitch seen on real photos (~25 px at this height) and margin. */
export const MAX_STRIP_WIDTH = 1600;

export function mrzModelPath(): string {
  return join(resolve(__dirname, '../../../models'), MRZ_MODEL_FILE);
}

/** The sha256 recorded on the recogniser's model card (models/mrz-ocrb-recogniser.card.json). */
function mrzModelCardDigest(): string {
  const card = join(resolve(__dirname, '../../../models'), 'mrz-ocrb-recogniser.card.json');
  return (JSON.parse(readFileSync(card, 'utf8')) as { sha256: string }).sha256;
}

let pending: Promise<ort.InferenceSession> | null = null;

function session(): Promise<ort.InferenceSession> {
  if (!pending) {
    const path = mrzModelPath();
    // Checked against the sha256 on its model card first: a swapped or stale file refuses to load.
    pending = Promise.resolve()
      .then(() => readVerifiedModel(path, mrzModelCardDigest()))
      .then((bytes) => ort.InferenceSession.create(bytes, ocrSessionOptions()))
      .catch((error: unknown) => {
        pending = null;
        throw error;
      });
  }
  return pending;
}

/** A grey strip (row-major, `width` × MRZ_STRIP_HEIGHT) through the model: log-probabilities per time step. */
export async function recogniseMrzStrip(grey: Uint8Array, width: number): Promise<StepLogProbs> {
  const model = await session();
  const padded = Math.ceil(width / WIDTH_MULTIPLE) * WIDTH_MULTIPLE;
  const input = new Float32Array(MRZ_STRIP_HEIGHT * padded);
  for (let y = 0; y < MRZ_STRIP_HEIGHT; y += 1) {
    for (let x = 0; x < padded; x += 1) {
      // Columns past the strip repeat its last one, as in training.
      input[y * padded + x] = grey[y * width + Math.min(x, width - 1)] / 127.5 - 1;
    }
  }
  const output = await model.run({ [model.inputNames[0]]: new ort.Tensor('float32', input, [1, 1, MRZ_STRIP_HEIGHT, padded]) });
  const tensor = output[model.outputNames[0]];
  const [, steps, classes] = tensor.dims as number[];
  if (classes !== MRZ_CLASSES) throw new Error(`MRZ model gives ${classes} classes, expected ${MRZ_CLASSES}`);
  return { steps, data: tensor.data as Float32Array };
}
