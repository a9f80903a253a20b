import { Registry } from 'prom-client';
import { PipelineStageMetrics } from './pipeline-stage-metrics';

const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe(PipelineStageMetrics.name, () => {
  it('buckets each stage in seconds from the milliseconds given, skipping impossible timings', async () => {
    const registry = new Registry();
    const sut = new PipelineStageMetrics(registry);
    sut.observe('ocr_detection', 42);
    sut.observe('ocr_detection', 180);
    sut.observe('liveness', 0.4);
    sut.observe('embed', Number.NaN);
    sut.observe('embed', -3);
    const text = await registry.metrics();
    expect(sample(text, 'kyc_pipeline_stage_duration_seconds_bucket{le="0.05",stage="ocr_detection"}')).toBe(1);
    expect(sample(text, 'kyc_pipeline_stage_duration_seconds_bucket{le="0.25",stage="ocr_detection"}')).toBe(2);
    expect(sample(text, 'kyc_pipeline_stage_duration_seconds_sum{stage="ocr_detection"}')).toBeCloseTo(0.222, 6);
    expect(sample(text, 'kyc_pipeline_stage_duration_seconds_bucket{le="0.001",stage="liveness"}')).toBe(1);
    expect(sample(text, 'kyc_pipeline_stage_duration_seconds_count{stage="embed"}')).toBeUndefined();
    // A second instrument on the same registry (two components of one process) shares the series.
    new PipelineStageMetrics(registry).observe('liveness', 10);
    expect(sample(await registry.metrics(), 'kyc_pipeline_stage_duration_seconds_count{stage="liveness"}')).toBe(2);
  });
});
