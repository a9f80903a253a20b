export { type FaceBox, type RgbImage } from './liveness/types';
export { MINIFASNET_MODELS, LIVE_CLASS } from './liveness/minifasnet-models';
