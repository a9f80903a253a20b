import { calibratedScore, matchFaces, MATCH_CALIBRATION, MATCH_SCORE_BANDS } from './match-score';

describe('matchFaces', () => {
  it('maps distance to a score in [0,1] through the band anchors, decreasing with distance', () => {
    expect(calibratedScore(MATCH_CALIBRATION.threshold)).toBeCloseTo(MATCH_SCORE_BANDS.matched, 9);
    expect(calibratedScore(MATCH_CALIBRATION.reviewThreshold)).toBeCloseTo(MATCH_SCORE_BANDS.notMatched, 9);
    expect(calibratedScore(0)).toBeGreaterThan(0.99);
    // The mean impostor distance of the calibration sets (0.846) scores next to nothing.
    expect(calibratedScore(0.846)).toBeLessThan(0.01);
    expect(calibratedScore(0.3)).toBeGreaterThan(calibratedScore(0.5));
  });

  it('decides at the threshold: a match exactly where the MATCHED band starts', () => {
    const a = new Float32Array(128);
    const at = (d: number) => Float32Array.from(a, (_, i) => (i === 0 ? d : 0));
    expect(matchFaces(a, at(MATCH_CALIBRATION.threshold - 1e-4)).isMatch).toBe(true);
    expect(matchFaces(a, at(MATCH_CALIBRATION.threshold + 1e-4)).isMatch).toBe(false);
    expect(matchFaces(a, at(MATCH_CALIBRATION.threshold - 1e-4)).score).toBeGreaterThanOrEqual(MATCH_SCORE_BANDS.matched);
  });

  it('matches identical descriptors and not distant ones', () => {
    const a = Float32Array.from({ length: 128 }, (_, i) => Math.sin(i) * 0.1);
    const b = Float32Array.from(a, (v) => -v);
    expect(matchFaces(a, a)).toMatchObject({ distance: 0, isMatch: true });
    expect(matchFaces(a, a).cosine).toBeCloseTo(1, 6);
    expect(matchFaces(a, b).isMatch).toBe(false);
  });
});
