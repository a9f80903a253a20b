/**
 * `@kyc/face/testing`: fixtures for this package's tests and for the evals (tools/face-eval), never
 * used by the analysis: the spoof-dev sample set's location and hand-measured face boxes, and
 * synthetic presentation attacks made from a live capture.
 */
export { SPOOF_DEV_BOXES, SPOOF_DEV_DIR } from './spoof-dev';
export { placeInDevice, simulatePrint, simulateScreenReplay } from './simulated-attacks';
