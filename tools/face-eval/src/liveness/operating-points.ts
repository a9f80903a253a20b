import { type ScoredSample } from './liveness-eval';

/**
 * The fused verdict at other thresholds than the shipped one, on the real sets and the synthetic
 * attacks together: what choosing the threshold on data would buy. Samples without a verdict (no
 * face, bad image) count as refused at every threshold.
 */
export interface OperatingPoint {
  threshold: number;
  realBonaFide: { n: number; refused: number; bpcer: number | null };
  realAttacks: { n: number; refused: number };
  /** Per synthetic kind: attacks accepted (APCER) or live variants refused (BPCER). */
  synthetic: Record<string, { n: number; errors: number; rate: number | null }>;
  /** The largest of real BPCER and the synthetic attack APCERs: what the minimax choice minimises. */
  worstRate: number;
}

export const SWEPT_THRESHOLDS = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.05, 0.02, 0.01] as const;

export function operatingPoints(
  rows: ScoredSample[],
  realSets: Set<string>,
  thresholds: readonly number[] = SWEPT_THRESHOLDS,
): OperatingPoint[] {
  const realLive = rows.filter((r) => realSets.has(r.set) && r.label === 'live');
  const realAttacks = rows.filter((r) => realSets.has(r.set) && r.label === 'spoof');
  const synthetic = rows.filter((r) => r.set === 'synthetic');
  const kinds = [...new Set(synthetic.map((r) => r.kind))];
  return thresholds.map((threshold) => {
    const accepted = (r: ScoredSample): boolean => (r.liveProbability ?? 0) >= threshold;
    const refusedLive = realLive.filter((r) => !accepted(r)).length;
    const bySynthetic: OperatingPoint['synthetic'] = {};
    for (const kind of kinds) {
      const samples = synthetic.filter((r) => r.kind === kind);
      const errors = samples.filter((r) => (r.label === 'live' ? !accepted(r) : accepted(r))).length;
      bySynthetic[kind] = { n: samples.length, errors, rate: samples.length ? errors / samples.length : null };
    }
    const bpcer = realLive.length ? refusedLive / realLive.length : null;
    const attackRates = kinds
      .filter((k) => synthetic.some((r) => r.kind === k && r.label === 'spoof'))
      .map((k) => bySynthetic[k].rate ?? 0);
    return {
      threshold,
      realBonaFide: { n: realLive.length, refused: refusedLive, bpcer },
      realAttacks: { n: realAttacks.length, refused: realAttacks.filter((r) => !accepted(r)).length },
      synthetic: bySynthetic,
      worstRate: Math.max(bpcer ?? 0, ...attackRates),
    };
  });
}

/** The swept threshold with the smallest worst rate (ties: the one closest to `preferred`). */
export function minimaxOperatingPoint(points: OperatingPoint[], preferred = 0.5): OperatingPoint | undefined {
  return [...points].sort((a, b) => a.worstRate - b.worstRate || Math.abs(a.threshold - preferred) - Math.abs(b.threshold - preferred))[0];
}
