export {
  analyzeFace,
  type AnalyzedFace,
  type AnalyzeOptions,
  type DetectionPath,
  type FaceAnalysis,
  type StageTimings,
} from './face-analysis';
export { decodeImage, type DecodeResult } from './image/decode-image';
export { type Box, type Point, type RgbImage, type AffineMatrix } from './image/rgb-image';
export { DEFAULT_SCORE_THRESHOLD as FACE_SCORE_THRESHOLD, detectFaceBoxes, decodeGrid, type FaceBox } from './detection/tiny-face-detector';
export { chooseMainFace } from './detection/choose-face';
export { nonMaxSuppression, intersectionOverUnion } from './detection/non-max-suppression';
export { detectLandmarks68 } from './detection/face-landmarks68';
export { estimateSimilarity, invertAffine, applyAffine } from './alignment/similarity-transform';
export { extractFaceChip, CHIP_SIZE, type FaceChip } from './alignment/face-chip';
export { embedFaceChip, EMBEDDING_SIZE } from './embedding/face-embedder';
export { assessQuality, qualityReasons, estimatePose, QUALITY_LIMITS, type FaceQuality, type QualityReason } from './quality/face-quality';
export {
  matchFaces,
  cosineSimilarity,
  euclideanDistance,
  calibratedScore,
  MATCH_CALIBRATION,
  MATCH_SCORE_BANDS,
  type MatchCalibration,
  type MatchResult,
} from './matching/match-score';
export { getSession, modelsDirectory } from './runtime/model-sessions';
export { MINIFASNET_MODELS, LIVE_CLASS } from './liveness/minifasnet-models';
export { checkLiveness, checkLivenessBase64, checkLivenessOnImage, type LivenessOptions } from './liveness/check-liveness';
export { type LivenessResult, type LivenessReason, type LivenessSubReason, type LivenessDetails } from './liveness/liveness-result';
export { CUE_WEIGHTS, type LivenessCues } from './liveness/fusion';
export { analyzeSelfie, livenessBoxOf, type SelfieAnalysis } from './selfie-analysis';
