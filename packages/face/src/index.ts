export { type FaceBox, type RgbImage } from './liveness/types';
export { MINIFASNET_MODELS, LIVE_CLASS } from './liveness/minifasnet-models';
export { checkLiveness, checkLivenessBase64, checkLivenessOnImage, type LivenessOptions } from './liveness/check-liveness';
export { type LivenessResult, type LivenessReason, type LivenessSubReason, type LivenessDetails } from './liveness/liveness-result';
export { CUE_WEIGHTS, type LivenessCues } from './liveness/fusion';
