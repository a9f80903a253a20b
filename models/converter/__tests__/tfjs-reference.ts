import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';

/**
 * Reference forward passes with TensorFlow.js ops, transcribed from face-api.js
 * (src/faceRecognitionNet, src/faceFeatureExtractor + src/faceLandmarkNet, src/tinyYolov2
 * runMobilenet). Weights are decoded by tfjs's own io.decodeWeights, independently of the
 * converter's reader. Test-only.
 */

type Weights = tf.NamedTensorMap;

export function loadTfjsWeights(manifestPath: string): Weights {
  const groups = JSON.parse(readFileSync(manifestPath, 'utf8')) as { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
  const out: Weights = {};
  for (const group of groups) {
    const buffer = Buffer.concat(group.paths.map((p) => readFileSync(join(dirname(manifestPath), p))));
    const arrayBuffer = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
    Object.assign(out, tf.io.decodeWeights(arrayBuffer, group.weights));
  }
  return out;
}

function normalize(x: tf.Tensor4D, meanRgb: number[], divisor: number): tf.Tensor4D {
  return tf.div(tf.sub(x, tf.tensor1d(meanRgb)), tf.scalar(divisor));
}

// --- FaceRecognitionNet -------------------------------------------------------------------------

function frConv(
  x: tf.Tensor4D,
  w: Weights,
  p: string,
  strides: [number, number],
  relu: boolean,
  padding: 'same' | 'valid' = 'same',
): tf.Tensor4D {
  let out = tf.conv2d(x, w[`${p}/conv/filters`] as tf.Tensor4D, strides, padding);
  out = tf.add(out, w[`${p}/conv/bias`]);
  out = tf.add(tf.mul(out, w[`${p}/scale/weights`]), w[`${p}/scale/biases`]);
  return relu ? tf.relu(out) : out;
}

function frResidual(x: tf.Tensor4D, w: Weights, p: string): tf.Tensor4D {
  let out = frConv(x, w, `${p}/conv1`, [1, 1], true);
  out = frConv(out, w, `${p}/conv2`, [1, 1], false);
  return tf.relu(tf.add(out, x)) as tf.Tensor4D;
}

function frResidualDown(x: tf.Tensor4D, w: Weights, p: string): tf.Tensor4D {
  let out = frConv(x, w, `${p}/conv1`, [2, 2], true, 'valid');
  out = frConv(out, w, `${p}/conv2`, [1, 1], false);
  let pooled = tf.avgPool(x, 2, 2, 'valid') as tf.Tensor4D;
  const zeros = tf.zeros<tf.Rank.R4>(pooled.shape);
  const isPad = pooled.shape[3] !== out.shape[3];
  const isAdjustShape = pooled.shape[1] !== out.shape[1] || pooled.shape[2] !== out.shape[2];
  if (isAdjustShape) {
    const padShapeX = [...out.shape] as [number, number, number, number];
    padShapeX[1] = 1;
    out = tf.concat([out, tf.zeros<tf.Rank.R4>(padShapeX)], 1);
    const padShapeY = [...out.shape] as [number, number, number, number];
    padShapeY[2] = 1;
    out = tf.concat([out, tf.zeros<tf.Rank.R4>(padShapeY)], 2);
  }
  pooled = isPad ? tf.concat([pooled, zeros], 3) : pooled;
  return tf.relu(tf.add(pooled, out)) as tf.Tensor4D;
}

export function faceRecognitionReference(x: tf.Tensor4D, w: Weights): tf.Tensor2D {
  return tf.tidy(() => {
    let out = normalize(x, [122.782, 117.001, 104.298], 256);
    out = frConv(out, w, 'conv32_down', [2, 2], true, 'valid');
    out = tf.maxPool(out, 3, 2, 'valid');
    for (const b of ['conv32_1', 'conv32_2', 'conv32_3']) out = frResidual(out, w, b);
    out = frResidualDown(out, w, 'conv64_down');
    for (const b of ['conv64_1', 'conv64_2', 'conv64_3']) out = frResidual(out, w, b);
    out = frResidualDown(out, w, 'conv128_down');
    for (const b of ['conv128_1', 'conv128_2']) out = frResidual(out, w, b);
    out = frResidualDown(out, w, 'conv256_down');
    for (const b of ['conv256_1', 'conv256_2']) out = frResidual(out, w, b);
    out = frResidualDown(out, w, 'conv256_down_out');
    return tf.matMul(tf.mean(out, [1, 2]) as tf.Tensor2D, w['fc'] as tf.Tensor2D);
  });
}

// --- FaceLandmark68Net --------------------------------------------------------------------------

function sepConv(x: tf.Tensor4D, w: Weights, p: string, stride: [number, number]): tf.Tensor4D {
  const out = tf.separableConv2d(x, w[`${p}/depthwise_filter`] as tf.Tensor4D, w[`${p}/pointwise_filter`] as tf.Tensor4D, stride, 'same');
  return tf.add(out, w[`${p}/bias`]);
}

function denseBlock(x: tf.Tensor4D, w: Weights, p: string, isFirst: boolean): tf.Tensor4D {
  const out1 = tf.relu(
    isFirst
      ? tf.add(tf.conv2d(x, w[`${p}/conv0/filters`] as tf.Tensor4D, [2, 2], 'same'), w[`${p}/conv0/bias`])
      : sepConv(x, w, `${p}/conv0`, [2, 2]),
  ) as tf.Tensor4D;
  const out2 = sepConv(out1, w, `${p}/conv1`, [1, 1]);
  const in3 = tf.relu(tf.add(out1, out2)) as tf.Tensor4D;
  const out3 = sepConv(in3, w, `${p}/conv2`, [1, 1]);
  const in4 = tf.relu(tf.add(out1, tf.add(out2, out3))) as tf.Tensor4D;
  const out4 = sepConv(in4, w, `${p}/conv3`, [1, 1]);
  return tf.relu(tf.add(out1, tf.add(out2, tf.add(out3, out4)))) as tf.Tensor4D;
}

export function landmark68Reference(x: tf.Tensor4D, w: Weights): tf.Tensor2D {
  return tf.tidy(() => {
    let out = normalize(x, [122.782, 117.001, 104.298], 255);
    out = denseBlock(out, w, 'dense0', true);
    for (const b of ['dense1', 'dense2', 'dense3']) out = denseBlock(out, w, b, false);
    out = tf.avgPool(out, [7, 7], [2, 2], 'valid');
    const flat = tf.reshape(out, [out.shape[0], -1]) as tf.Tensor2D;
    return tf.add(tf.matMul(flat, w['fc/weights'] as tf.Tensor2D), w['fc/bias']) as tf.Tensor2D;
  });
}

// --- TinyFaceDetector ---------------------------------------------------------------------------

function leaky(x: tf.Tensor4D): tf.Tensor4D {
  const min = tf.mul(x, tf.scalar(0.10000000149011612));
  return tf.add(tf.relu(tf.sub(x, min)), min);
}

function yoloSepConv(x: tf.Tensor4D, w: Weights, p: string): tf.Tensor4D {
  let out = tf.pad(x, [
    [0, 0],
    [1, 1],
    [1, 1],
    [0, 0],
  ]) as tf.Tensor4D;
  out = tf.separableConv2d(out, w[`${p}/depthwise_filter`] as tf.Tensor4D, w[`${p}/pointwise_filter`] as tf.Tensor4D, [1, 1], 'valid');
  return leaky(tf.add(out, w[`${p}/bias`]));
}

export function tinyFaceDetectorReference(x: tf.Tensor4D, w: Weights): tf.Tensor4D {
  return tf.tidy(() => {
    let out = normalize(x, [117.001, 114.697, 97.404], 256);
    out = leaky(tf.add(tf.conv2d(out, w['conv0/filters'] as tf.Tensor4D, [1, 1], 'valid'), w['conv0/bias']));
    for (const b of ['conv1', 'conv2', 'conv3', 'conv4', 'conv5']) {
      out = tf.maxPool(out, [2, 2], [2, 2], 'same');
      out = yoloSepConv(out, w, b);
    }
    out = tf.maxPool(out, [2, 2], [1, 1], 'same');
    return tf.add(tf.conv2d(out, w['conv8/filters'] as tf.Tensor4D, [1, 1], 'valid'), w['conv8/bias']) as tf.Tensor4D;
  });
}
