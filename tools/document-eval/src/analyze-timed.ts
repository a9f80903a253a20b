import type { AnalyzeOptions, DocumentAnalyzer, OcrModelClock, OcrModelTime, SideAnalysis } from './analyzer';

export interface TimedAnalysis {
  analysis: SideAnalysis | null;
  error: string | null;
  latencyMs: number;
  /** Of latencyMs, the time spent in the OCR models' runs; null without the analyzer's model clock. */
  ocrModelMs: number | null;
}

/**
 * Runs the analyzer on one image, timing it (and, given the analyzer's model clock, the time spent in its OCR
 * models); a throw is recorded, not propagated, so one bad image cannot end a run.
 */
export async function analyzeTimed(
  analyzer: DocumentAnalyzer,
  image: Buffer,
  opts: AnalyzeOptions,
  modelClock?: OcrModelClock,
): Promise<TimedAnalysis> {
  const modelsBefore = modelClock?.();
  const started = process.hrtime.bigint();
  const timings = (): Pick<TimedAnalysis, 'latencyMs' | 'ocrModelMs'> => ({
    latencyMs: Number(process.hrtime.bigint() - started) / 1e6,
    ocrModelMs: modelClock && modelsBefore ? totalMs(modelClock()) - totalMs(modelsBefore) : null,
  });
  try {
    const analysis = await analyzer(image, opts);
    return { analysis, error: null, ...timings() };
  } catch (error) {
    return { analysis: null, error: error instanceof Error ? error.message : String(error), ...timings() };
  }
}

function totalMs(time: OcrModelTime): number {
  return time.detectionMs + time.recognitionMs;
}
