import { type SideAnalysis, observeOcrModelRuns } from '@kyc/document-intelligence';
import { PipelineStageMetrics } from '@kyc/metrics';

/**
 * The document service's share of `kyc_pipeline_stage_duration_seconds`: each side's decode, OCR,
 * MRZ and whole analysis, and every OCR model run (detection, recognition) as it happens.
 */
export class DocumentStageMetrics {
  private readonly stages = new PipelineStageMetrics();

  constructor() {
    observeOcrModelRuns((model, milliseconds) =>
      this.stages.observe(model === 'detection' ? 'ocr_detection' : 'ocr_recognition', milliseconds),
    );
  }

  recordDecode(milliseconds: number): void {
    this.stages.observe('decode', milliseconds);
  }

  recordAnalysis(analysis: Pick<SideAnalysis, 'timingsMs'>): void {
    this.stages.observe('ocr', analysis.timingsMs.ocr);
    this.stages.observe('mrz', analysis.timingsMs.mrz);
    this.stages.observe('document', analysis.timingsMs.total);
  }
}
