import { applyAffine, estimateSimilarity, invertAffine } from './similarity-transform';
import { dlibTemplate } from './dlib-face-template';

describe('estimateSimilarity', () => {
  const from = dlibTemplate(100, 0.25);
  const angle = 0.3,
    scale = 1.7,
    tx = 12.5,
    ty = -4;
  const to = from.map((p) => ({
    x: scale * (Math.cos(angle) * p.x - Math.sin(angle) * p.y) + tx,
    y: scale * (Math.sin(angle) * p.x + Math.cos(angle) * p.y) + ty,
  }));

  it('recovers a known rotation, scale and translation exactly', () => {
    const m = estimateSimilarity(from, to)!;
    expect(m[0]).toBeCloseTo(scale * Math.cos(angle), 9);
    expect(m[3]).toBeCloseTo(scale * Math.sin(angle), 9);
    expect(m[2]).toBeCloseTo(tx, 9);
    expect(m[5]).toBeCloseTo(ty, 9);
  });

  it('is the least-squares fit when points are noisy', () => {
    const noisy = to.map((p, i) => ({ x: p.x + (i % 2 ? 0.5 : -0.5), y: p.y + (i % 3 ? 0.4 : -0.8) }));
    const m = estimateSimilarity(from, noisy)!;
    const residual = (mat: typeof m) =>
      from.reduce((s, p, i) => s + (applyAffine(mat, p).x - noisy[i].x) ** 2 + (applyAffine(mat, p).y - noisy[i].y) ** 2, 0);
    const perturbed = [...m] as typeof m;
    perturbed[0] += 1e-3;
    expect(residual(m)).toBeLessThan(residual(perturbed));
  });

  it('rejects degenerate input and inverts', () => {
    expect(
      estimateSimilarity(
        [
          { x: 1, y: 1 },
          { x: 1, y: 1 },
        ],
        [
          { x: 0, y: 0 },
          { x: 2, y: 2 },
        ],
      ),
    ).toBeUndefined();
    const m = estimateSimilarity(from, to)!;
    const back = applyAffine(invertAffine(m)!, applyAffine(m, { x: 3, y: 7 }));
    expect(back.x).toBeCloseTo(3, 9);
    expect(back.y).toBeCloseTo(7, 9);
  });
});
