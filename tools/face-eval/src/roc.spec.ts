import { percentile, rocCurve, tarAtFar } from './roc';

describe('tarAtFar', () => {
  const impostor = Array.from({ length: 100 }, (_, i) => 1 + i / 100); // 1.00 .. 1.99
  it('accepts no impostor when FAR is below one pair, threshold between the sets', () => {
    const { tar, threshold } = tarAtFar([0.2, 0.5, 0.9, 1.5], impostor, 1e-3);
    expect(tar).toBe(0.75);
    expect(threshold).toBeCloseTo(0.95, 9);
  });
  it('allows one impostor at FAR 1e-2 of 100', () => {
    const { tar } = tarAtFar([0.2, 1.005, 1.5], impostor, 1e-2);
    expect(tar).toBeCloseTo(2 / 3, 9);
  });
  it('ROC ends at (1,1) and percentiles pick order statistics', () => {
    const roc = rocCurve([0.1, 0.2], [0.3]);
    expect(roc[roc.length - 1]).toMatchObject({ tar: 1, far: 1 });
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
  });
});
