import { MATCH_CALIBRATION, calibratedScore } from '@kyc/face';
import { FACE_MATCH_BANDS, comparePortrait, portraitNotCompared } from './face-match';

/** Two descriptors at a chosen Euclidean distance. */
function pairAt(distance: number): [Float32Array, Float32Array] {
  const a = new Float32Array(128);
  const b = new Float32Array(128);
  b[0] = distance;
  return [a, b];
}

/** The distance at which the calibrated score equals `score` (bisection on the decreasing logistic). */
function distanceFor(score: number): number {
  let lo = 0,
    hi = 2;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (calibratedScore(mid) > score) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe('comparePortrait', () => {
  it('matches identical descriptors with a score near 1', () => {
    const result = comparePortrait(...pairAt(0));
    expect(result).toMatchObject({ status: 'MATCHED', performed: true });
    expect(result.score).toBeGreaterThan(0.99);
  });

  it('calls an impostor-like distance NOT_MATCHED', () => {
    // The mean impostor distance of faces-dev + faces-real-dev.
    expect(comparePortrait(...pairAt(0.846)).status).toBe('NOT_MATCHED');
  });

  it('is MATCHED up to the library threshold (FAR 1e-3) and LOW_SCORE from there to the review threshold (FAR 1e-2)', () => {
    expect(comparePortrait(...pairAt(MATCH_CALIBRATION.threshold - 0.01)).status).toBe('MATCHED');
    expect(comparePortrait(...pairAt(MATCH_CALIBRATION.threshold + 0.01)).status).toBe('LOW_SCORE');
    expect(comparePortrait(...pairAt(MATCH_CALIBRATION.reviewThreshold - 0.005)).status).toBe('LOW_SCORE');
    expect(comparePortrait(...pairAt(MATCH_CALIBRATION.reviewThreshold + 0.005)).status).toBe('NOT_MATCHED');
  });

  it('puts the band edges where the bands say', () => {
    expect(comparePortrait(...pairAt(distanceFor(FACE_MATCH_BANDS.matched) - 1e-3)).status).toBe('MATCHED');
    expect(comparePortrait(...pairAt(distanceFor(FACE_MATCH_BANDS.matched) + 1e-3)).status).toBe('LOW_SCORE');
    expect(comparePortrait(...pairAt(distanceFor(FACE_MATCH_BANDS.notMatched) - 1e-3)).status).toBe('LOW_SCORE');
    expect(comparePortrait(...pairAt(distanceFor(FACE_MATCH_BANDS.notMatched) + 1e-3)).status).toBe('NOT_MATCHED');
  });

  it('reports the calibrated score of the library', () => {
    const distance = 0.5;
    expect(comparePortrait(...pairAt(distance)).score).toBeCloseTo(calibratedScore(distance), 4);
  });

  it('refuses descriptors of different sizes instead of comparing garbage', () => {
    expect(() => comparePortrait(new Float32Array(128), new Float32Array(64))).toThrow(/length/);
  });

  it('says why a match was not performed', () => {
    expect(portraitNotCompared('no portrait on the document')).toEqual({
      status: 'NOT_PERFORMED',
      score: 0,
      performed: false,
      detail: 'no portrait on the document',
    });
  });
});
