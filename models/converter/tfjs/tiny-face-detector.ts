import { OnnxGraphBuilder } from '../onnx/graph-builder';
import { conv2d, normalizedInput, pool, separableConv2d, type SpatialTensor } from '../onnx/tf-layers';
import { type NamedWeight, requireWeight } from './weights-manifest';

/**
 * face-api.js TinyFaceDetector (a Tiny-YOLOv2 with separable convs, one class) written out as
 * ONNX, following face-api.js src/tinyYolov2/TinyYolov2Base.ts runMobilenet with
 * isFirstLayerConv2d. The output is the raw 13x13x(5 anchors x 5) grid; decoding (sigmoid,
 * anchors, NMS) is done by the face library, see packages/face/src/detection.
 */

export const TINY_FACE_DETECTOR_INPUT_SIZE = 416;
export const TINY_FACE_DETECTOR_MEAN_RGB = [117.001, 114.697, 97.404];
const INPUT_DIVISOR = 256;
const LEAKY_ALPHA = 0.10000000149011612;

function leaky(g: OnnxGraphBuilder, x: SpatialTensor, label: string): SpatialTensor {
  return { ...x, name: g.op('LeakyRelu', [x.name], { alpha: { float: LEAKY_ALPHA } }, label) };
}

/** face-api's tinyYolov2 depthwiseSeparableConv: pad 1, 'valid' separable conv, bias, leaky ReLU. */
function separableBlock(g: OnnxGraphBuilder, w: Map<string, NamedWeight>, x: SpatialTensor, prefix: string): SpatialTensor {
  const pads = g.int64Constant(`${prefix}/pads`, [0, 0, 1, 1, 0, 0, 1, 1]);
  const padded = { ...x, size: x.size + 2, name: g.op('Pad', [x.name, pads], { mode: 'constant' }, `${prefix}/pad`) };
  const conv = separableConv2d(
    g,
    padded,
    requireWeight(w, `${prefix}/depthwise_filter`),
    requireWeight(w, `${prefix}/pointwise_filter`),
    requireWeight(w, `${prefix}/bias`).data,
    1,
    'valid',
    prefix,
  );
  return leaky(g, conv, `${prefix}/leaky`);
}

export function buildTinyFaceDetector(weights: Map<string, NamedWeight>, inputSize = TINY_FACE_DETECTOR_INPUT_SIZE): Uint8Array {
  const g = new OnnxGraphBuilder('tiny_face_detector');
  const input = g.uniqueName('input');
  let x = normalizedInput(g, input, inputSize, TINY_FACE_DETECTOR_MEAN_RGB, INPUT_DIVISOR);
  x = conv2d(
    g,
    x,
    { filters: requireWeight(weights, 'conv0/filters'), bias: requireWeight(weights, 'conv0/bias').data },
    1,
    'valid',
    'conv0',
  );
  x = leaky(g, x, 'conv0/leaky');
  for (const block of ['conv1', 'conv2', 'conv3', 'conv4', 'conv5']) {
    x = pool(g, 'MaxPool', x, 2, 2, 'same', `${block}/maxpool_before`);
    x = separableBlock(g, weights, x, block);
  }
  x = pool(g, 'MaxPool', x, 2, 1, 'same', 'maxpool_last');
  for (const block of ['conv6', 'conv7']) if (weights.has(`${block}/bias`)) x = separableBlock(g, weights, x, block);
  const head = conv2d(
    g,
    x,
    { filters: requireWeight(weights, 'conv8/filters'), bias: requireWeight(weights, 'conv8/bias').data },
    1,
    'valid',
    'conv8',
  );
  // Back to NHWC so the grid reads [row][col][anchor * 5 + k] as in face-api's decoder.
  const output = g.op('Transpose', [head.name], { perm: [0, 2, 3, 1] }, 'grid');
  return g.toBytes(
    { name: input, dims: ['N', inputSize, inputSize, 3] },
    [{ name: output, dims: ['N', head.size, head.size, head.channels] }],
    'face-api.js TinyFaceDetector: input NHWC RGB float 0..255 (416x416, image top-left, zero padded), output 13x13x25 raw YOLO grid',
  );
}
