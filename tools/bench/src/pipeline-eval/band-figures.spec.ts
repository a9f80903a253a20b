import { bandFigures, thresholdAtFar, thresholdAtFarOnEach } from './band-figures';

describe('match band figures', () => {
  const bands = { threshold: 0.6, reviewThreshold: 0.65 };

  it('puts genuine and impostor distances in the MATCHED, review and not-matched bands (bounds inclusive)', () => {
    const f = bandFigures({ genuine: [0.3, 0.6, 0.62, 0.65, 0.7, Infinity], impostor: [0.59, 0.64, 0.8, 0.9] }, bands);
    expect(f).toMatchObject({
      genuine: 6,
      genuineMatched: 2,
      genuineReview: 2,
      genuineNotMatched: 2,
      impostorsMatched: 1,
      impostorsInReviewOrBetter: 2,
    });
    expect(f.genuineMatchedRate).toBeCloseTo(1 / 3, 6);
    expect(f.farMatched).toBe(0.25);
    expect(f.farReview).toBe(0.5);
  });

  it('finds the largest threshold that lets in at most FAR × n impostors', () => {
    const impostor = Array.from({ length: 1000 }, (_, i) => 0.5 + i / 1000); // 0.500 … 1.499
    // FAR 1e-3 of 1000 allows one impostor (0.500): the threshold stops short of the second (0.501).
    const t = thresholdAtFar(impostor, 1e-3);
    expect(t).toBeGreaterThanOrEqual(0.5);
    expect(t).toBeLessThan(0.501);
    expect(impostor.filter((d) => d <= t)).toHaveLength(1);
    expect(impostor.filter((d) => d <= thresholdAtFar(impostor, 1e-2))).toHaveLength(10);
    expect(thresholdAtFar([0.4, 0.5], 1e-3)).toBeLessThan(0.4);
  });

  it('never counts impostor pairs without a descriptor as accepted', () => {
    expect(thresholdAtFar([0.7, Infinity, Infinity], 0.5)).toBe(Infinity);
  });

  it('takes the strictest set when several must each stay under the FAR', () => {
    const easy = { genuine: [], impostor: Array.from({ length: 100 }, () => 0.9) };
    const hard = { genuine: [], impostor: [0.55, ...Array.from({ length: 99 }, () => 0.9)] };
    expect(thresholdAtFarOnEach([easy, hard], 1e-3)).toBeLessThan(0.55);
  });
});
