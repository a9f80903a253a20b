import { buildFaceLandmark68Net, LANDMARK68_INPUT_SIZE } from './tfjs/face-landmark68-net';
import { buildFaceRecognitionNet, FACE_RECOGNITION_INPUT_SIZE } from './tfjs/face-recognition-net';
import { buildTinyFaceDetector, TINY_FACE_DETECTOR_INPUT_SIZE } from './tfjs/tiny-face-detector';
import { type NamedWeight } from './tfjs/weights-manifest';

/** What the converter builds: one entry per ONNX file, with what models/manifest.json says about it. */
export interface FaceModelSpec {
  file: string;
  /** tfjs weights manifest inside the @vladmandic/face-api package's model/ folder. */
  weightsManifest: string;
  build: (weights: Map<string, NamedWeight>) => Uint8Array;
  description: string;
  inputs: { name: string; shape: (number | string)[]; type: 'float32' }[];
  outputs: { name: string; shape: (number | string)[]; type: 'float32' }[];
  preprocessing: string;
}

export const FACE_MODELS: FaceModelSpec[] = [
  {
    file: 'face-detector-tiny.onnx',
    weightsManifest: 'tiny_face_detector_model-weights_manifest.json',
    build: buildTinyFaceDetector,
    description: 'face-api.js TinyFaceDetector (Tiny-YOLOv2, separable convs, one class "face")',
    inputs: [{ name: 'input', shape: ['N', TINY_FACE_DETECTOR_INPUT_SIZE, TINY_FACE_DETECTOR_INPUT_SIZE, 3], type: 'float32' }],
    outputs: [{ name: 'grid', shape: ['N', 13, 13, 25], type: 'float32' }],
    preprocessing:
      'RGB 0..255, NHWC. Scale the image so its longer side is 416, place it at the top-left, pad right/bottom with 0. ' +
      'Mean [117.001,114.697,97.404] subtraction and /256 are inside the model. Output per cell and anchor (5 anchors): ' +
      'tx,ty,tw,th,score logits; centre = (cell + sigmoid(t)) / 13, size = exp(t) * anchor / 13, ' +
      'anchors (1.603231,2.094468) (6.041143,7.080126) (2.882459,3.518061) (4.266906,5.178857) (9.041765,10.66308).',
  },
  {
    file: 'face-landmarks68.onnx',
    weightsManifest: 'face_landmark_68_model-weights_manifest.json',
    build: buildFaceLandmark68Net,
    description: 'face-api.js FaceLandmark68Net (68-point iBUG landmarks)',
    inputs: [{ name: 'input', shape: ['N', LANDMARK68_INPUT_SIZE, LANDMARK68_INPUT_SIZE, 3], type: 'float32' }],
    outputs: [{ name: 'landmarks', shape: ['N', 136], type: 'float32' }],
    preprocessing:
      'RGB 0..255, NHWC, a square crop around the face (pad to square centred, resize to 112). ' +
      'Mean [122.782,117.001,104.298] subtraction and /255 are inside the model. Output: x0,y0,x1,y1,... in [0,1] of the input.',
  },
  {
    file: 'face-recognition-resnet.onnx',
    weightsManifest: 'face_recognition_model-weights_manifest.json',
    build: buildFaceRecognitionNet,
    description: "face-api.js FaceRecognitionNet (port of dlib's ResNet-29 face descriptor, 128-d)",
    inputs: [{ name: 'input', shape: ['N', FACE_RECOGNITION_INPUT_SIZE, FACE_RECOGNITION_INPUT_SIZE, 3], type: 'float32' }],
    outputs: [{ name: 'descriptor', shape: ['N', 128], type: 'float32' }],
    preprocessing:
      'RGB 0..255, NHWC, 150x150 face chip aligned as dlib does (5 points to the dlib template, padding 0.25). ' +
      'Mean [122.782,117.001,104.298] subtraction and /256 are inside the model. Output: descriptor, compare by Euclidean distance or cosine.',
  },
];
