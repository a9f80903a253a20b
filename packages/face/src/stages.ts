/**
 * `@kyc/face/stages`: the pipeline's steps one at a time, for benches and evals that time or feed
 * them apart (tools/face-eval). The apps use the main entry point; nothing here is needed to
 * analyse a selfie.
 */
export { DETECTOR_INPUT_SIZE, detectorInput } from './detection/tiny-face-detector';
export { runImageModel } from './runtime/model-sessions';
/** The decode `checkLiveness` applies to uploaded bytes (its own size limits), for feeding `checkLivenessOnImage` the same pixels. */
export { decodeToRgb } from './liveness/decode-image';
/** The screen-grid statistic on a given box, for measuring how it moves with the box (tools/face-eval). */
export { measureFrequencyEvidence } from './liveness/evidence/frequency-evidence';
export { toLuma } from './liveness/evidence/greyscale';
