import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { faceApiPackageDir } from '../build';
import { FACE_MODELS } from '../face-models';
import { faceRecognitionReference, landmark68Reference, loadTfjsWeights, tinyFaceDetectorReference } from './tfjs-reference';

/**
 * Each converted model against its TensorFlow.js reference (CPU backend) on random and on real
 * images: max abs difference ≤ 1e-4. Real images come from ../shared/data/faces-dev when present.
 */

const TOLERANCE = 1e-4;
const FACES_DEV = join(__dirname, '../../../../shared/data/faces-dev');
const references = {
  'face-recognition-resnet.onnx': faceRecognitionReference,
  'face-landmarks68.onnx': landmark68Reference,
  'face-detector-tiny.onnx': tinyFaceDetectorReference,
} as const;

function randomImage(size: number, seed: number): Float32Array {
  let state = seed;
  const data = new Float32Array(size * size * 3);
  for (let i = 0; i < data.length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    data[i] = (state / 2147483648) * 255;
  }
  return data;
}

async function realImages(size: number): Promise<Float32Array[]> {
  if (!existsSync(FACES_DEV)) return [];
  const files = [
    join(FACES_DEV, 'amy', 'amy1.png'),
    join(FACES_DEV, 'raj', 'raj3.png'),
    join(FACES_DEV, readdirSync(FACES_DEV).find((f) => f.endsWith('.jpg')) ?? 'bbt1.jpg'),
  ];
  return Promise.all(
    files.map(async (file) => {
      const { data } = await sharp(file).removeAlpha().resize(size, size, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
      return Float32Array.from(data);
    }),
  );
}

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe.each(FACE_MODELS.map((m) => [m.file, m] as const))('%s matches TensorFlow.js', (file, spec) => {
  const size = spec.inputs[0].shape[1] as number;
  let session: ort.InferenceSession;
  let weights: tf.NamedTensorMap;

  beforeAll(async () => {
    session = await ort.InferenceSession.create(join(__dirname, '../..', file));
    weights = loadTfjsWeights(join(faceApiPackageDir(), 'model', spec.weightsManifest));
  });
  afterAll(async () => {
    await session.release();
    Object.values(weights).forEach((t) => t.dispose());
  });

  async function maxAbsDiff(image: Float32Array): Promise<number> {
    const feeds = { [session.inputNames[0]]: new ort.Tensor('float32', image, [1, size, size, 3]) };
    const onnxOut = (await session.run(feeds))[session.outputNames[0]].data as Float32Array;
    const input = tf.tensor4d(image, [1, size, size, 3]);
    const refTensor = references[file as keyof typeof references](input, weights);
    const ref = refTensor.dataSync() as Float32Array;
    input.dispose();
    refTensor.dispose();
    expect(onnxOut.length).toBe(ref.length);
    let max = 0;
    for (let i = 0; i < ref.length; i++) max = Math.max(max, Math.abs(onnxOut[i] - ref[i]));
    return max;
  }

  it('on random inputs', async () => {
    const diffs = [];
    for (const seed of [1, 2]) diffs.push(await maxAbsDiff(randomImage(size, seed)));
    console.log(`${file}: max abs diff vs TensorFlow.js on random inputs ${diffs.map((d) => d.toExponential(2)).join(', ')}`);
    for (const d of diffs) expect(d).toBeLessThanOrEqual(TOLERANCE);
  });

  it('on real images (faces-dev, skipped when ../shared/data is absent)', async () => {
    const images = await realImages(size);
    if (images.length === 0) console.warn(`faces-dev not found at ${FACES_DEV}: real-image parity not checked`);
    const diffs = [];
    for (const image of images) diffs.push(await maxAbsDiff(image));
    if (diffs.length > 0)
      console.log(`${file}: max abs diff vs TensorFlow.js on real images ${diffs.map((d) => d.toExponential(2)).join(', ')}`);
    for (const d of diffs) expect(d).toBeLessThanOrEqual(TOLERANCE);
  });
});
