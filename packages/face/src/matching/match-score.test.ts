import { calibratedScore, matchFaces, MATCH_CALIBRATION } from './match-score';

describe('matchFaces', () => {
  it('maps distance to a score in [0,1]: 0.5 at the threshold, decreasing with distance', () => {
    expect(calibratedScore(MATCH_CALIBRATION.threshold)).toBeCloseTo(0.5, 9);
    expect(calibratedScore(MATCH_CALIBRATION.impostorMeanDistance)).toBeCloseTo(0.01, 6);
    expect(calibratedScore(0)).toBeGreaterThan(0.99);
    expect(calibratedScore(0.3)).toBeGreaterThan(calibratedScore(0.5));
  });

  it('matches identical descriptors and not distant ones', () => {
    const a = Float32Array.from({ length: 128 }, (_, i) => Math.sin(i) * 0.1);
    const b = Float32Array.from(a, (v) => -v);
    expect(matchFaces(a, a)).toMatchObject({ distance: 0, isMatch: true });
    expect(matchFaces(a, a).cosine).toBeCloseTo(1, 6);
    expect(matchFaces(a, b).isMatch).toBe(false);
  });
});
