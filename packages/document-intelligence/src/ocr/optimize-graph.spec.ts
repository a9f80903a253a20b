import { onnx } from 'onnx-proto';
import * as ort from 'onnxruntime-node';
import { optimizeOnnxModel } from './optimize-graph';

/**
 * Tiny hand-built graphs: each rewrite must fire where it is exact, leave the graph alone where it is not,
 * and give the same outputs as the original graph when both run in onnxruntime.
 */

interface Tensor {
  dims: number[];
  values: number[];
}

interface TinyGraph {
  nodes: onnx.INodeProto[];
  /** Constants as initializers, or as Constant nodes (as paddle2onnx writes them) when `constantNodes`. */
  constants: Record<string, Tensor>;
  input: number[];
  outputs?: string[];
  opset?: number;
  constantNodes?: boolean;
}

function tensor(name: string, { dims, values }: Tensor): onnx.ITensorProto {
  return { name, dims, dataType: onnx.TensorProto.DataType.FLOAT, floatData: values };
}

function build(g: TinyGraph): Uint8Array {
  const constants = Object.entries(g.constants);
  const constantNodes: onnx.INodeProto[] = g.constantNodes
    ? constants.map(([name, t]) => ({
        opType: 'Constant',
        name,
        output: [name],
        attribute: [{ name: 'value', type: onnx.AttributeProto.AttributeType.TENSOR, t: tensor(name, t) }],
      }))
    : [];
  const valueInfo = (name: string, dims?: number[]): onnx.IValueInfoProto => ({
    name,
    type: {
      tensorType: { elemType: onnx.TensorProto.DataType.FLOAT, shape: dims ? { dim: dims.map((d) => ({ dimValue: d })) } : undefined },
    },
  });
  return onnx.ModelProto.encode({
    irVersion: 7,
    opsetImport: [{ domain: '', version: g.opset ?? 11 }],
    graph: {
      name: 'tiny',
      node: [...constantNodes, ...g.nodes],
      initializer: g.constantNodes ? [] : constants.map(([name, t]) => tensor(name, t)),
      input: [valueInfo('x', g.input)],
      output: (g.outputs ?? ['y']).map((name) => valueInfo(name)),
    },
  }).finish();
}

function node(opType: string, input: string[], output: string, attributes: onnx.IAttributeProto[] = []): onnx.INodeProto {
  return { opType, name: output, input, output: [output], attribute: attributes };
}

const ints = (name: string, values: number[]): onnx.IAttributeProto => ({
  name,
  type: onnx.AttributeProto.AttributeType.INTS,
  ints: values,
});
const int = (name: string, value: number): onnx.IAttributeProto => ({ name, type: onnx.AttributeProto.AttributeType.INT, i: value });
const float = (name: string, value: number): onnx.IAttributeProto => ({ name, type: onnx.AttributeProto.AttributeType.FLOAT, f: value });

const scalar = (value: number): Tensor => ({ dims: [1], values: [value] });

/** Deterministic values in [-amplitude, amplitude). */
function values(count: number, seed: number, amplitude = 1): number[] {
  let s = seed >>> 0;
  return Array.from({ length: count }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s / 2 ** 32 - 0.5) * 2 * amplitude;
  });
}

function ops(model: Uint8Array): string[] {
  return (onnx.ModelProto.decode(model).graph?.node ?? []).map((n) => n.opType ?? '').filter((op) => op !== 'Constant');
}

async function run(model: Uint8Array, input: number[], x: Float32Array): Promise<Float32Array[]> {
  const session = await ort.InferenceSession.create(model, { graphOptimizationLevel: 'disabled' });
  const outputs = await session.run({ x: new ort.Tensor('float32', x, input) });
  const result = session.outputNames.map((name) => outputs[name].data as Float32Array);
  await session.release();
  return result;
}

/** Runs original and rewritten graph on the same input; returns the rewritten op types and max |Δ|. */
async function compare(g: TinyGraph, x?: Float32Array): Promise<{ ops: string[]; maxDiff: number }> {
  const original = build(g);
  const rewritten = optimizeOnnxModel(original).bytes;
  const input =
    x ??
    Float32Array.from(
      values(
        g.input.reduce((a, b) => a * b, 1),
        7,
        4,
      ),
    );
  const [a, b] = await Promise.all([run(original, g.input, input), run(rewritten, g.input, input)]);
  let maxDiff = 0;
  a.forEach((out, k) =>
    out.forEach((v, i) => {
      maxDiff = Math.max(maxDiff, Math.abs(v - b[k][i]));
    }),
  );
  return { ops: ops(rewritten), maxDiff };
}

/** -6 … 6 in steps of 0.25: the HardSwish kinks at ±3 included. */
const ramp = Float32Array.from({ length: 2 * 4 * 7 }, (_, i) => -6 + (i % 49) * 0.25);

describe('fuseHardSwish', () => {
  it('turns Add(3) → Clip(0, 6) attributes → Mul(x) → Div(6) (opset 9) into HardSigmoid · x', async () => {
    const g: TinyGraph = {
      opset: 9,
      input: [2, 4, 7],
      constants: { three: scalar(3), six: scalar(6) },
      nodes: [
        node('Add', ['x', 'three'], 'a'),
        node('Clip', ['a'], 'c', [float('min', 0), float('max', 6)]),
        node('Mul', ['x', 'c'], 'm'),
        node('Div', ['m', 'six'], 'y'),
      ],
    };
    const { ops: after, maxDiff } = await compare(g, ramp);
    expect(after).toEqual(['HardSigmoid', 'Mul']);
    expect(maxDiff).toBeLessThan(1e-6);
  });

  it('also takes Clip with min/max inputs (opset 11), Mul by 1/6, and the division before the multiplication', async () => {
    const g: TinyGraph = {
      opset: 11,
      constantNodes: true,
      input: [2, 4, 7],
      constants: { three: scalar(3), zero: { dims: [], values: [0] }, six: { dims: [], values: [6] }, sixth: scalar(1 / 6) },
      nodes: [
        node('Add', ['three', 'x'], 'a'),
        node('Clip', ['a', 'zero', 'six'], 'c'),
        node('Mul', ['sixth', 'c'], 'd'),
        node('Mul', ['d', 'x'], 'y'),
      ],
    };
    const { ops: after, maxDiff } = await compare(g, ramp);
    expect(after).toEqual(['HardSigmoid', 'Mul']);
    expect(maxDiff).toBeLessThan(1e-6);
  });

  it('leaves the pattern alone when an intermediate value has another reader, or the constants differ', async () => {
    const shared: TinyGraph = {
      input: [2, 4, 7],
      outputs: ['y', 'c'],
      constants: { three: scalar(3), zero: scalar(0), six: scalar(6) },
      nodes: [
        node('Add', ['x', 'three'], 'a'),
        node('Clip', ['a', 'zero', 'six'], 'c'),
        node('Mul', ['x', 'c'], 'm'),
        node('Div', ['m', 'six'], 'y'),
      ],
    };
    expect((await compare(shared, ramp)).ops).toEqual(['Add', 'Clip', 'Mul', 'Div']);
    const relu6: TinyGraph = { ...shared, outputs: ['y'], constants: { ...shared.constants, three: scalar(2) } };
    expect((await compare(relu6, ramp)).ops).toEqual(['Add', 'Clip', 'Mul', 'Div']);
  });
});

describe('folding constant Mul/Add into convolutions', () => {
  const channels = 4;
  const conv3x3 = (group: number, outChannels = channels): Record<string, Tensor> => ({
    w: { dims: [outChannels, channels / group, 3, 3], values: values((outChannels * channels * 9) / group, 11) },
    b: { dims: [outChannels], values: values(outChannels, 12) },
  });

  it('folds Conv → Mul(scalar, constant first) → Add(per-channel) into the conv (padded conv, Constant nodes)', async () => {
    const { ops: after, maxDiff } = await compare({
      constantNodes: true,
      input: [1, channels, 6, 5],
      constants: { ...conv3x3(1), k: scalar(1.7), bias: { dims: [channels, 1, 1], values: values(channels, 13) } },
      nodes: [
        node('Conv', ['x', 'w', 'b'], 'z', [ints('kernel_shape', [3, 3]), ints('pads', [1, 1, 1, 1])]),
        node('Mul', ['k', 'z'], 'm'),
        node('Add', ['m', 'bias'], 'y'),
      ],
    });
    expect(after).toEqual(['Conv']);
    expect(maxDiff).toBeLessThan(1e-5);
  });

  it('folds Mul → Add → unpadded conv into its weights and bias, per input channel of a grouped conv', async () => {
    const { ops: after, maxDiff } = await compare({
      input: [1, channels, 6, 5],
      constants: {
        s: { dims: [1, channels, 1, 1], values: [0.5, -2, 3, 0.25] },
        t: { dims: [channels, 1, 1], values: [0.1, -0.7, 2, 0] },
        w: { dims: [6, channels / 2, 1, 2], values: values(6 * 2 * 2, 21) },
        b: { dims: [6], values: values(6, 22) },
      },
      nodes: [
        node('Mul', ['x', 's'], 'm'),
        node('Add', ['m', 't'], 'a'),
        node('Conv', ['a', 'w', 'b'], 'y', [ints('kernel_shape', [1, 2]), int('group', 2), ints('strides', [1, 2])]),
      ],
    });
    expect(after).toEqual(['Conv']);
    expect(maxDiff).toBeLessThan(1e-5);
  });

  it('folds only the scale into a padded conv: Mul(s) → Add(b) becomes Add(b/s), exact at the borders too', async () => {
    const { ops: after, maxDiff } = await compare({
      input: [1, channels, 6, 5],
      constants: { ...conv3x3(channels), s: scalar(0.3), t: scalar(-1.2) },
      nodes: [
        node('Mul', ['s', 'x'], 'm'),
        node('Add', ['m', 't'], 'a'),
        node('Conv', ['a', 'w', 'b'], 'y', [ints('kernel_shape', [3, 3]), int('group', channels), ints('pads', [1, 1, 1, 1])]),
      ],
    });
    expect(after).toEqual(['Add', 'Conv']);
    expect(maxDiff).toBeLessThan(1e-5);
  });

  it('does not fold a bias into a padded conv, nor across a value with two readers', async () => {
    const constants = { ...conv3x3(1), t: scalar(0.5) };
    const padded = await compare({
      input: [1, channels, 6, 5],
      constants,
      nodes: [node('Add', ['x', 't'], 'a'), node('Conv', ['a', 'w', 'b'], 'y', [ints('kernel_shape', [3, 3]), ints('pads', [1, 1, 1, 1])])],
    });
    expect(padded.ops).toEqual(['Add', 'Conv']);
    const shared = await compare({
      input: [1, channels, 6, 5],
      outputs: ['y', 'z'],
      constants,
      nodes: [node('Conv', ['x', 'w', 'b'], 'z', [ints('kernel_shape', [3, 3])]), node('Add', ['z', 't'], 'y')],
    });
    expect(shared.ops).toEqual(['Conv', 'Add']);
  });

  it('treats Div and Sub by a constant as a scale and a bias', async () => {
    const { ops: after, maxDiff } = await compare({
      input: [1, channels, 6, 5],
      constants: { ...conv3x3(1), d: scalar(4), e: scalar(0.25) },
      nodes: [
        node('Conv', ['x', 'w', 'b'], 'z', [ints('kernel_shape', [3, 3])]),
        node('Div', ['z', 'd'], 'q'),
        node('Sub', ['q', 'e'], 'y'),
      ],
    });
    expect(after).toEqual(['Conv']);
    expect(maxDiff).toBeLessThan(1e-5);
  });
});
