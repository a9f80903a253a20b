import { OnnxGraphBuilder } from '../onnx/graph-builder';
import { add, conv2d, normalizedInput, pool, unary, type SpatialTensor } from '../onnx/tf-layers';
import { type NamedWeight, requireWeight } from './weights-manifest';

/**
 * face-api.js FaceRecognitionNet (a port of dlib's ResNet-29 face descriptor, 150x150 RGB in,
 * 128 floats out) written out as ONNX from its tfjs weights, following
 * face-api.js src/faceRecognitionNet/{FaceRecognitionNet,residualLayer,convLayer}.ts.
 */

export const FACE_RECOGNITION_INPUT_SIZE = 150;
const MEAN_RGB = [122.782, 117.001, 104.298];
const INPUT_DIVISOR = 256;

/** conv + bias followed by the per-channel affine "scale layer", folded into one Conv. */
function convScale(
  g: OnnxGraphBuilder,
  weights: Map<string, NamedWeight>,
  x: SpatialTensor,
  prefix: string,
  stride: number,
  withRelu: boolean,
  padding: 'same' | 'valid',
): SpatialTensor {
  const filters = requireWeight(weights, `${prefix}/conv/filters`);
  const bias = requireWeight(weights, `${prefix}/conv/bias`).data;
  const scale = requireWeight(weights, `${prefix}/scale/weights`).data;
  const shift = requireWeight(weights, `${prefix}/scale/biases`).data;
  const outChannels = filters.shape[3];
  const folded = new Float32Array(filters.data.length);
  for (let i = 0; i < folded.length; i++) folded[i] = filters.data[i] * scale[i % outChannels];
  const foldedBias = new Float32Array(outChannels);
  for (let o = 0; o < outChannels; o++) foldedBias[o] = bias[o] * scale[o] + shift[o];
  const out = conv2d(g, x, { filters: { shape: filters.shape, data: folded }, bias: foldedBias }, stride, padding, prefix);
  return withRelu ? unary(g, 'Relu', out, `${prefix}/relu`) : out;
}

function residual(g: OnnxGraphBuilder, w: Map<string, NamedWeight>, x: SpatialTensor, prefix: string): SpatialTensor {
  const a = convScale(g, w, x, `${prefix}/conv1`, 1, true, 'same');
  const b = convScale(g, w, a, `${prefix}/conv2`, 1, false, 'same');
  return unary(g, 'Relu', add(g, b, x, `${prefix}/add`), `${prefix}/relu`);
}

/**
 * Down-sampling residual block: the shortcut is a 2x2 average pool, zero-padded on the channel
 * axis when the block widens, and the main path is zero-padded at the bottom/right when its
 * 'valid' stride-2 conv came out one pixel smaller than the pool.
 */
function residualDown(g: OnnxGraphBuilder, w: Map<string, NamedWeight>, x: SpatialTensor, prefix: string): SpatialTensor {
  const a = convScale(g, w, x, `${prefix}/conv1`, 2, true, 'valid');
  let main = convScale(g, w, a, `${prefix}/conv2`, 1, false, 'same');
  let shortcut = pool(g, 'AveragePool', x, 2, 2, 'valid', `${prefix}/avgpool`);
  if (main.size !== shortcut.size) {
    const grow = shortcut.size - main.size;
    const pads = g.int64Constant(`${prefix}/spatial_pads`, [0, 0, 0, 0, 0, 0, grow, grow]);
    main = { ...main, size: shortcut.size, name: g.op('Pad', [main.name, pads], { mode: 'constant' }, `${prefix}/pad_spatial`) };
  }
  if (main.channels !== shortcut.channels) {
    const extra = main.channels - shortcut.channels;
    const pads = g.int64Constant(`${prefix}/channel_pads`, [0, 0, 0, 0, 0, extra, 0, 0]);
    shortcut = {
      ...shortcut,
      channels: main.channels,
      name: g.op('Pad', [shortcut.name, pads], { mode: 'constant' }, `${prefix}/pad_channels`),
    };
  }
  return unary(g, 'Relu', add(g, shortcut, main, `${prefix}/add`), `${prefix}/relu`);
}

export function buildFaceRecognitionNet(weights: Map<string, NamedWeight>): Uint8Array {
  const g = new OnnxGraphBuilder('face_recognition_net');
  const input = g.uniqueName('input');
  let x = normalizedInput(g, input, FACE_RECOGNITION_INPUT_SIZE, MEAN_RGB, INPUT_DIVISOR);
  x = convScale(g, weights, x, 'conv32_down', 2, true, 'valid');
  x = pool(g, 'MaxPool', x, 3, 2, 'valid', 'maxpool');
  for (const block of ['conv32_1', 'conv32_2', 'conv32_3']) x = residual(g, weights, x, block);
  x = residualDown(g, weights, x, 'conv64_down');
  for (const block of ['conv64_1', 'conv64_2', 'conv64_3']) x = residual(g, weights, x, block);
  x = residualDown(g, weights, x, 'conv128_down');
  for (const block of ['conv128_1', 'conv128_2']) x = residual(g, weights, x, block);
  x = residualDown(g, weights, x, 'conv256_down');
  for (const block of ['conv256_1', 'conv256_2']) x = residual(g, weights, x, block);
  x = residualDown(g, weights, x, 'conv256_down_out');
  const pooled = g.op('ReduceMean', [x.name], { axes: [2, 3], keepdims: 0 }, 'global_avg');
  const fc = requireWeight(weights, 'fc', [x.channels, 128]);
  const output = g.op('MatMul', [pooled, g.floatConstant('fc/weights', fc.shape, fc.data)], {}, 'descriptor');
  return g.toBytes(
    { name: input, dims: ['N', FACE_RECOGNITION_INPUT_SIZE, FACE_RECOGNITION_INPUT_SIZE, 3] },
    [{ name: output, dims: ['N', 128] }],
    'face-api.js FaceRecognitionNet: input NHWC RGB float 0..255 (150x150 aligned face), output 128-d descriptor',
  );
}
