import { OnnxGraphBuilder } from '../onnx/graph-builder';
import { add, conv2d, normalizedInput, pool, separableConv2d, unary, type SpatialTensor } from '../onnx/tf-layers';
import { type NamedWeight, requireWeight } from './weights-manifest';

/**
 * face-api.js FaceLandmark68Net (112x112 RGB in, 68 (x, y) points in [0,1] of the input out)
 * written out as ONNX, following face-api.js src/faceFeatureExtractor/FaceFeatureExtractor.ts
 * (four densely connected blocks of separable convs) and src/faceLandmarkNet/FaceLandmark68Net.ts.
 */

export const LANDMARK68_INPUT_SIZE = 112;
const MEAN_RGB = [122.782, 117.001, 104.298];
const INPUT_DIVISOR = 255;

function separable(g: OnnxGraphBuilder, w: Map<string, NamedWeight>, x: SpatialTensor, prefix: string, stride: number): SpatialTensor {
  return separableConv2d(
    g,
    x,
    requireWeight(w, `${prefix}/depthwise_filter`),
    requireWeight(w, `${prefix}/pointwise_filter`),
    requireWeight(w, `${prefix}/bias`).data,
    stride,
    'same',
    prefix,
  );
}

function denseBlock(g: OnnxGraphBuilder, w: Map<string, NamedWeight>, x: SpatialTensor, prefix: string, isFirst: boolean): SpatialTensor {
  const first = isFirst
    ? conv2d(
        g,
        x,
        { filters: requireWeight(w, `${prefix}/conv0/filters`), bias: requireWeight(w, `${prefix}/conv0/bias`).data },
        2,
        'same',
        `${prefix}/conv0`,
      )
    : separable(g, w, x, `${prefix}/conv0`, 2);
  const out1 = unary(g, 'Relu', first, `${prefix}/out1`);
  const out2 = separable(g, w, out1, `${prefix}/conv1`, 1);
  const sum12 = add(g, out1, out2, `${prefix}/sum12`);
  const out3 = separable(g, w, unary(g, 'Relu', sum12, `${prefix}/in3`), `${prefix}/conv2`, 1);
  // TF adds out1 + (out2 + out3); keep that association so float rounding follows the reference.
  const sum23 = add(g, out2, out3, `${prefix}/sum23`);
  const in4 = unary(g, 'Relu', add(g, out1, sum23, `${prefix}/sum123`), `${prefix}/in4`);
  const out4 = separable(g, w, in4, `${prefix}/conv3`, 1);
  const sum34 = add(g, out3, out4, `${prefix}/sum34`);
  const sum234 = add(g, out2, sum34, `${prefix}/sum234`);
  return unary(g, 'Relu', add(g, out1, sum234, `${prefix}/sum1234`), `${prefix}/out`);
}

export function buildFaceLandmark68Net(weights: Map<string, NamedWeight>): Uint8Array {
  const g = new OnnxGraphBuilder('face_landmark_68_net');
  const input = g.uniqueName('input');
  let x = normalizedInput(g, input, LANDMARK68_INPUT_SIZE, MEAN_RGB, INPUT_DIVISOR);
  x = denseBlock(g, weights, x, 'dense0', true);
  for (const block of ['dense1', 'dense2', 'dense3']) x = denseBlock(g, weights, x, block, false);
  x = pool(g, 'AveragePool', x, 7, 2, 'valid', 'avgpool');
  const flat = g.op('Flatten', [x.name], { axis: 1 }, 'flatten');
  const fcW = requireWeight(weights, 'fc/weights', [x.channels * x.size * x.size, 136]);
  const fcB = requireWeight(weights, 'fc/bias', [136]);
  const matmul = g.op('MatMul', [flat, g.floatConstant('fc/weights', fcW.shape, fcW.data)], {}, 'fc/matmul');
  const output = g.op('Add', [matmul, g.floatConstant('fc/bias', fcB.shape, fcB.data)], {}, 'landmarks');
  return g.toBytes(
    { name: input, dims: ['N', LANDMARK68_INPUT_SIZE, LANDMARK68_INPUT_SIZE, 3] },
    [{ name: output, dims: ['N', 136] }],
    'face-api.js FaceLandmark68Net: input NHWC RGB float 0..255 (112x112), output 68 interleaved (x, y) in [0,1] of the input',
  );
}
