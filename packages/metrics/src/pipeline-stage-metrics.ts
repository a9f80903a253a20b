import type { Registry } from 'prom-client';
import { metricsRegistry, sharedHistogram } from './registry';

/**
 * The analysis stages the document and biometrics services time. Per analysis: `decode` (the
 * upload's intake), `ocr` (text detection and recognition over every rotation and second look),
 * `mrz` (finding and checking the MRZ in the text read), `document` (a side's whole analysis),
 * `face_detect`, `face_landmarks`, `face_align`, `embed`, `liveness`, `selfie` (a selfie's whole
 * analysis). Per model run: `ocr_detection` and `ocr_recognition` (one observation per ONNX run,
 * several per analysis).
 */
export const PIPELINE_STAGES = [
  'decode',
  'ocr',
  'ocr_detection',
  'ocr_recognition',
  'mrz',
  'document',
  'face_detect',
  'face_landmarks',
  'face_align',
  'embed',
  'liveness',
  'selfie',
] as const;

export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/** Stages run from milliseconds (an MRZ check) to seconds (a rotated page's OCR on a busy host). */
const STAGE_BUCKETS_SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** `kyc_pipeline_stage_duration_seconds{stage}`: how long each analysis stage took. */
export class PipelineStageMetrics {
  private readonly duration;

  constructor(registry: Registry = metricsRegistry()) {
    this.duration = sharedHistogram(
      registry,
      'kyc_pipeline_stage_duration_seconds',
      'Time an analysis stage took (document: decode, ocr, mrz, document; OCR model runs: ocr_detection, ocr_recognition; selfie: face_detect, face_landmarks, face_align, embed, liveness, selfie).',
      ['stage'] as const,
      STAGE_BUCKETS_SECONDS,
    );
  }

  observe(stage: PipelineStage, milliseconds: number): void {
    if (Number.isFinite(milliseconds) && milliseconds >= 0) this.duration.observe({ stage }, milliseconds / 1000);
  }
}
