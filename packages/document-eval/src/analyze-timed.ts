import type { AnalyzeOptions, DocumentAnalyzer, SideAnalysis } from './analyzer';

export interface TimedAnalysis {
  analysis: SideAnalysis | null;
  error: string | null;
  latencyMs: number;
}

/** Runs the analyzer on one image, timing it; a throw is recorded, not propagated, so one bad image cannot end a run. */
export async function analyzeTimed(analyzer: DocumentAnalyzer, image: Buffer, opts: AnalyzeOptions): Promise<TimedAnalysis> {
  const started = process.hrtime.bigint();
  try {
    const analysis = await analyzer(image, opts);
    return { analysis, error: null, latencyMs: Number(process.hrtime.bigint() - started) / 1e6 };
  } catch (error) {
    return { analysis: null, error: error instanceof Error ? error.message : String(error), latencyMs: Number(process.hrtime.bigint() - started) / 1e6 };
  }
}
