import type { SelfieAnalysis } from '@kyc/face';
import { PipelineStageMetrics } from '@kyc/metrics';

/**
 * The biometrics service's share of `kyc_pipeline_stage_duration_seconds`: a selfie's face
 * detection, landmarks, alignment, embedding, liveness and whole analysis. A selfie the analysis
 * stopped early on (no face, undecodable) records the stages it ran.
 */
export class SelfieStageMetrics {
  private readonly stages = new PipelineStageMetrics();

  record(analysis: SelfieAnalysis): SelfieAnalysis {
    const timings = 'timings' in analysis ? analysis.timings : analysis.kind === 'analysed' ? analysis.face.timings : undefined;
    if (timings) {
      this.stages.observe('face_detect', timings.detectMs);
      this.stages.observe('face_landmarks', timings.landmarksMs);
      this.stages.observe('face_align', timings.alignMs);
      this.stages.observe('embed', timings.embedMs);
    }
    if (analysis.kind === 'analysed') {
      this.stages.observe('liveness', analysis.timingsMs.liveness);
      this.stages.observe('selfie', analysis.timingsMs.total);
    }
    return analysis;
  }
}
