import { type ScoredSample } from './liveness-eval';
import { minimaxOperatingPoint, operatingPoints } from './operating-points';

const sample = (set: string, kind: string, label: 'live' | 'spoof', liveProbability: number | null): ScoredSample => ({
  name: `${set}-${kind}-${label}-${liveProbability}`,
  set,
  kind,
  label,
  isLive: (liveProbability ?? 0) >= 0.5,
  confidence: 0,
  liveProbability,
  modelLiveProbability: liveProbability,
});

describe('liveness operating points', () => {
  const rows = [
    sample('real', 'file', 'live', 0.9),
    sample('real', 'file', 'live', 0.3),
    sample('real', 'file', 'live', null), // no face found: refused at every threshold
    sample('real', 'file', 'spoof', 0.6),
    sample('synthetic', 'synthetic-print', 'spoof', 0.45),
    sample('synthetic', 'synthetic-print', 'spoof', 0.05),
    sample('synthetic', 'live-variant', 'live', 0.35),
  ];

  it('counts refused bona fide, refused real attacks and synthetic errors at each threshold', () => {
    const [high, low] = operatingPoints(rows, new Set(['real']), [0.5, 0.2]);
    expect(high.realBonaFide).toEqual({ n: 3, refused: 2, bpcer: 2 / 3 });
    expect(high.realAttacks).toEqual({ n: 1, refused: 0 });
    expect(high.synthetic['synthetic-print']).toEqual({ n: 2, errors: 0, rate: 0 });
    expect(high.synthetic['live-variant']).toEqual({ n: 1, errors: 1, rate: 1 });
    expect(low.realBonaFide.refused).toBe(1);
    expect(low.synthetic['synthetic-print'].errors).toBe(1);
    expect(low.synthetic['live-variant'].errors).toBe(0);
    // Worst of real BPCER and the synthetic attack APCERs; live variants are not attacks.
    expect(high.worstRate).toBeCloseTo(2 / 3);
    expect(low.worstRate).toBeCloseTo(1 / 2);
  });

  it('picks the threshold with the smallest worst rate, the one nearest the preferred on ties', () => {
    const points = operatingPoints(rows, new Set(['real']), [0.5, 0.2, 0.01]);
    expect(minimaxOperatingPoint(points)?.threshold).toBe(0.2);
    expect(
      minimaxOperatingPoint(operatingPoints([sample('real', 'file', 'live', 0.99)], new Set(['real']), [0.9, 0.5, 0.4]))?.threshold,
    ).toBe(0.5);
  });
});
