import { resolve } from 'path';

/** The two converted Silent-Face models (see models/manifest.json) and the crop each expects. */
export interface MiniFasNetModel {
  name: 'MiniFASNetV2' | 'MiniFASNetV1SE';
  file: string;
  /** Crop = face box scaled by this about its centre (upstream file-name prefix 2.7 / 4_0_0). */
  cropScale: number;
  inputSize: number;
}

export const MINIFASNET_MODELS: readonly MiniFasNetModel[] = [
  { name: 'MiniFASNetV2', file: 'minifasnet-v2.onnx', cropScale: 2.7, inputSize: 80 },
  { name: 'MiniFASNetV1SE', file: 'minifasnet-v1se.onnx', cropScale: 4.0, inputSize: 80 },
];

/** Class index of "live" in the models' 3-way output; 0 and 2 are upstream's two spoof classes. */
export const LIVE_CLASS = 1;

/** packages/face/{src,dist}/liveness → repository root → models/. */
export const DEFAULT_MODELS_DIR = resolve(__dirname, '..', '..', '..', '..', 'models');
