import { type OnnxGraphBuilder } from './graph-builder';

/**
 * ONNX (NCHW) equivalents of the TensorFlow.js layers the face-api.js networks use, taking weights
 * in TensorFlow's layouts. TF 'same' padding is written as explicit pads computed from the known
 * spatial size, because TF puts the odd extra pixel at the end (bottom/right).
 */

export interface ConvWeights {
  /** TF layout [kh, kw, in, out]. */
  filters: { shape: number[]; data: Float32Array };
  bias?: Float32Array;
}

export type Padding = 'same' | 'valid';

/** Pads [top, left, bottom, right] TensorFlow uses for one spatial size. */
export function tfPads(size: number, kernel: number, stride: number, padding: Padding): [number, number] {
  if (padding === 'valid') return [0, 0];
  const out = Math.ceil(size / stride);
  const total = Math.max((out - 1) * stride + kernel - size, 0);
  const before = Math.floor(total / 2);
  return [before, total - before];
}

export function tfOutputSize(size: number, kernel: number, stride: number, padding: Padding): number {
  return padding === 'same' ? Math.ceil(size / stride) : Math.floor((size - kernel) / stride) + 1;
}

/** [kh, kw, in, out] → [out, in, kh, kw]. */
export function hwioToOihw(shape: number[], data: Float32Array): { dims: number[]; data: Float32Array } {
  const [kh, kw, cin, cout] = shape;
  const out = new Float32Array(data.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < cin; i++)
        for (let o = 0; o < cout; o++) out[((o * cin + i) * kh + y) * kw + x] = data[((y * kw + x) * cin + i) * cout + o];
  return { dims: [cout, cin, kh, kw], data: out };
}

/** Depthwise [kh, kw, in, 1] → [in, 1, kh, kw] (ONNX Conv with group = in). */
export function depthwiseToOnnx(shape: number[], data: Float32Array): { dims: number[]; data: Float32Array } {
  const [kh, kw, cin, mult] = shape;
  if (mult !== 1) throw new Error(`depthwise multiplier ${mult} not supported`);
  const out = new Float32Array(data.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++) for (let i = 0; i < cin; i++) out[(i * kh + y) * kw + x] = data[(y * kw + x) * cin + i];
  return { dims: [cin, 1, kh, kw], data: out };
}

export interface SpatialTensor {
  name: string;
  /** Height and width (square feature maps only in these networks). */
  size: number;
  channels: number;
}

/** conv2d + optional bias, TF semantics, on an NCHW tensor. */
export function conv2d(
  g: OnnxGraphBuilder,
  x: SpatialTensor,
  w: ConvWeights,
  stride: number,
  padding: Padding,
  label: string,
): SpatialTensor {
  const { dims, data } = hwioToOihw(w.filters.shape, w.filters.data);
  const kernel = dims[2];
  const [before, after] = tfPads(x.size, kernel, stride, padding);
  const inputs = [x.name, g.floatConstant(`${label}/W`, dims, data)];
  if (w.bias) inputs.push(g.floatConstant(`${label}/B`, [dims[0]], w.bias));
  const name = g.op(
    'Conv',
    inputs,
    {
      kernel_shape: [kernel, dims[3]],
      strides: [stride, stride],
      pads: [before, before, after, after],
      dilations: [1, 1],
      group: 1,
    },
    label,
  );
  return { name, size: tfOutputSize(x.size, kernel, stride, padding), channels: dims[0] };
}

/** tf.separableConv2d (depthwise then 1x1 pointwise) + bias. */
export function separableConv2d(
  g: OnnxGraphBuilder,
  x: SpatialTensor,
  depthwise: { shape: number[]; data: Float32Array },
  pointwise: { shape: number[]; data: Float32Array },
  bias: Float32Array,
  stride: number,
  padding: Padding,
  label: string,
): SpatialTensor {
  const dw = depthwiseToOnnx(depthwise.shape, depthwise.data);
  const kernel = dw.dims[2];
  const [before, after] = tfPads(x.size, kernel, stride, padding);
  const depth = g.op(
    'Conv',
    [x.name, g.floatConstant(`${label}/depthwise`, dw.dims, dw.data)],
    {
      kernel_shape: [kernel, dw.dims[3]],
      strides: [stride, stride],
      pads: [before, before, after, after],
      dilations: [1, 1],
      group: x.channels,
    },
    `${label}/dw`,
  );
  const size = tfOutputSize(x.size, kernel, stride, padding);
  return conv2d(g, { name: depth, size, channels: x.channels }, { filters: pointwise, bias }, 1, 'valid', `${label}/pw`);
}

export function pool(
  g: OnnxGraphBuilder,
  op: 'MaxPool' | 'AveragePool',
  x: SpatialTensor,
  kernel: number,
  stride: number,
  padding: Padding,
  label: string,
): SpatialTensor {
  const [before, after] = tfPads(x.size, kernel, stride, padding);
  // TF's 'same' average pool divides by the number of real pixels, ONNX's by default too
  // (count_include_pad = 0); max pool ignores padding in both.
  const name = g.op(
    op,
    [x.name],
    { kernel_shape: [kernel, kernel], strides: [stride, stride], pads: [before, before, after, after] },
    label,
  );
  return { name, size: tfOutputSize(x.size, kernel, stride, padding), channels: x.channels };
}

export function unary(g: OnnxGraphBuilder, op: 'Relu', x: SpatialTensor, label: string): SpatialTensor {
  return { ...x, name: g.op(op, [x.name], {}, label) };
}

export function add(g: OnnxGraphBuilder, a: SpatialTensor, b: SpatialTensor, label: string): SpatialTensor {
  if (a.size !== b.size || a.channels !== b.channels) throw new Error(`${label}: shape mismatch`);
  return { ...a, name: g.op('Add', [a.name, b.name], {}, label) };
}

/**
 * NHWC float input in 0..255 → NCHW, minus a per-channel mean, divided by a scalar: the
 * normalisation face-api.js applies before each network, kept inside the model so callers pass raw RGB.
 */
export function normalizedInput(g: OnnxGraphBuilder, inputName: string, size: number, meanRgb: number[], divisor: number): SpatialTensor {
  const mean = g.floatConstant('input/mean_rgb', [3], meanRgb);
  const centered = g.op('Sub', [inputName, mean], {}, 'input/centered');
  const scaled = g.op('Div', [centered, g.floatConstant('input/divisor', [], [divisor])], {}, 'input/scaled');
  const nchw = g.op('Transpose', [scaled], { perm: [0, 3, 1, 2] }, 'input/nchw');
  return { name: nchw, size, channels: 3 };
}
