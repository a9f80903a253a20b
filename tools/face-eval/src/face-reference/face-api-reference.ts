import Module from 'node:module';
import { dirname, join } from 'node:path';
import { type Box, type Point, type RgbImage } from '@kyc/face';

/**
 * The original pipeline of the network we ship, run as its authors ship it: @vladmandic/face-api
 * 1.7.15 (`detectSingleFace(TinyFaceDetectorOptions)` → `withFaceLandmarks()` →
 * `withFaceDescriptor()`) on TensorFlow.js 4.22's CPU backend, with face-api's own weights.
 *
 * face-api's Node builds require `@tensorflow/tfjs` (the full bundle with its WebGL/WASM backends)
 * or `@tensorflow/tfjs-node` (native). Neither is installed: the repository pins `tfjs-core` and
 * `tfjs-backend-cpu` 4.22 (the versions face-api 1.7.15 was built against, devDependencies of
 * @kyc/models, hoisted). The WASM build's two requires are answered with tfjs-core (+ the CPU
 * backend registered) and an empty WASM module; the ops face-api calls are all in tfjs-core.
 * Nothing else of face-api is changed.
 */

export interface ReferenceFace {
  box: Box;
  score: number;
  landmarks: Point[];
  /** The rectangle face-api crops for the recogniser (`landmarks.align(null, { useDlibAlignment: true })`). */
  descriptorCrop: Box;
  descriptor: number[];
  /** The 150x150 RGB input the recogniser saw (face-api's `toBatchTensor(150, true)` of that crop), 0–255 rounded. */
  chip: Uint8Array;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- face-api's tfjs objects, typed by its own bundle only */
type FaceApi = any;

const FACE_API_ENTRY = '@vladmandic/face-api/dist/face-api.node-wasm.js';
/** Node's require, through Module._load (which the redirect below hooks); the packages are CommonJS. */
const load = Module.createRequire(__filename);

let moduleLoaded: Promise<FaceApi> | undefined;
let modelsLoaded: Promise<FaceApi> | undefined;

/** face-api's module on the tfjs CPU backend, without weights (its ops and pre-processing). */
export function loadFaceApiModule(): Promise<FaceApi> {
  moduleLoaded ??= (async () => {
    const faceApiEntry = require.resolve(FACE_API_ENTRY);
    const tfCore = load('@tensorflow/tfjs-core') as FaceApi;
    load('@tensorflow/tfjs-backend-cpu');
    registerChainedOps(tfCore);
    const moduleInternals = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
    const originalLoad = moduleInternals._load;
    moduleInternals._load = function (request: string, ...rest: unknown[]) {
      if (request === '@tensorflow/tfjs') return tfCore;
      if (request === '@tensorflow/tfjs-backend-wasm') return {};
      return originalLoad.call(this, request, ...rest);
    };
    let faceapi: FaceApi;
    try {
      faceapi = load(faceApiEntry);
    } finally {
      moduleInternals._load = originalLoad;
    }
    await faceapi.tf.setBackend('cpu');
    await faceapi.tf.ready();
    return faceapi;
  })();
  return moduleLoaded;
}

/** face-api with its three networks loaded from the package's own weights. */
export function loadFaceApi(): Promise<FaceApi> {
  modelsLoaded ??= (async () => {
    const faceapi = await loadFaceApiModule();
    const weights = join(dirname(dirname(require.resolve(FACE_API_ENTRY))), 'model');
    await faceapi.nets.tinyFaceDetector.loadFromDisk(weights);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(weights);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(weights);
    return faceapi;
  })();
  return modelsLoaded;
}

/** face-api's recogniser input for `rect` of `image` (extractFaceTensors + toBatchTensor(150, true)), float RGB. */
export async function referenceChip(image: RgbImage, rect: Box): Promise<Float32Array> {
  const faceapi = await loadFaceApiModule();
  const tf = faceapi.tf;
  const input = tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
  const [face] = await faceapi.extractFaceTensors(input, [new faceapi.Rect(rect.x, rect.y, rect.width, rect.height)]);
  const batch = (await faceapi.toNetInput(face)).toBatchTensor(150, true);
  const values: Float32Array = await batch.data();
  tf.dispose([input, face, batch]);
  return values;
}

/**
 * `@tensorflow/tfjs` registers tfjs-core's chained ops (`tensor.div(…)`, `tensor.as4D(…)`) by
 * importing `register_all_chained_ops`; that file ships as extension-less ESM only, so the same
 * methods are defined here from tfjs-core's own ops (each is `op(this, ...args)`, as upstream's).
 */
function registerChainedOps(tf: FaceApi): void {
  const proto = tf.Tensor.prototype;
  const define = (name: string, fn: (this: unknown, ...args: unknown[]) => unknown) => {
    if (!(name in proto)) Object.defineProperty(proto, name, { value: fn, configurable: true, writable: true });
  };
  define('as1D', function (this: unknown) {
    return tf.reshape(this, [-1]);
  });
  for (const rank of [2, 3, 4, 5]) {
    define(`as${rank}D`, function (this: unknown, ...shape: unknown[]) {
      return tf.reshape(this, shape);
    });
  }
  define('asScalar', function (this: unknown) {
    return tf.reshape(this, []);
  });
  define('asType', function (this: unknown, dtype: unknown) {
    return tf.cast(this, dtype);
  });
  define('toFloat', function (this: unknown) {
    return tf.cast(this, 'float32');
  });
  define('toInt', function (this: unknown) {
    return tf.cast(this, 'int32');
  });
  define('toBool', function (this: unknown) {
    return tf.cast(this, 'bool');
  });
  for (const [name, op] of Object.entries(tf)) {
    if (typeof op === 'function' && /^[a-z]/.test(name)) {
      define(name, function (this: unknown, ...args: unknown[]) {
        return (op as (...a: unknown[]) => unknown)(this, ...args);
      });
    }
  }
}

export const REFERENCE_DETECTOR_OPTIONS = { inputSize: 416, scoreThreshold: 0.5 };

/** face-api's whole pipeline on one decoded image; undefined when its detector finds no face. */
export async function referenceFace(image: RgbImage): Promise<ReferenceFace | undefined> {
  const faceapi = await loadFaceApi();
  const tf = faceapi.tf;
  const input = tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
  try {
    const result = await faceapi
      .detectSingleFace(input, new faceapi.TinyFaceDetectorOptions(REFERENCE_DETECTOR_OPTIONS))
      .withFaceLandmarks()
      .withFaceDescriptor();
    if (!result) return undefined;
    const crop = result.landmarks.align(null, { useDlibAlignment: true });
    // The recogniser's input exactly as FaceRecognitionNet.forwardInput builds it.
    const [face] = await faceapi.extractFaceTensors(input, [crop]);
    const netInput = await faceapi.toNetInput(face);
    const batch = netInput.toBatchTensor(150, true);
    const chipValues: Float32Array = await batch.data();
    tf.dispose([face, batch]);
    const box = result.detection.box;
    return {
      box: { x: box.x, y: box.y, width: box.width, height: box.height },
      score: result.detection.score,
      landmarks: result.landmarks.positions.map((p: Point) => ({ x: p.x, y: p.y })),
      descriptorCrop: { x: crop.x, y: crop.y, width: crop.width, height: crop.height },
      descriptor: Array.from(result.descriptor as Float32Array),
      chip: Uint8Array.from(chipValues, (v) => Math.max(0, Math.min(255, Math.round(v)))),
    };
  } finally {
    input.dispose();
  }
}
