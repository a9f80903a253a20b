import { cuesFromEvidence, fuse, type LivenessCues } from '../fusion';

const none: LivenessCues = { screenGrid: 0, printGamut: 0, deviceBorder: 0, smallFace: 0 };

describe('fuse', () => {
  it('is upstream fusion when no cue fires', () => {
    expect(fuse(0.8, none).liveProbability).toBeCloseTo(0.8, 6);
    expect(fuse(0.2, none).dominant).toBe('model');
  });

  it('does not let one cue overturn a confident model, but lets screen grid + border overturn a 0.95', () => {
    expect(fuse(0.98, { ...none, deviceBorder: 1 }).liveProbability).toBeGreaterThan(0.5);
    expect(fuse(0.98, { ...none, screenGrid: 1 }).liveProbability).toBeGreaterThan(0.5);
    const both = fuse(0.95, { ...none, screenGrid: 1, deviceBorder: 1 });
    expect(both.liveProbability).toBeLessThan(0.5);
    expect(both.dominant).toBe('screenGrid');
  });

  it('only ever lowers the live probability', () => {
    for (const p of [0.01, 0.3, 0.6, 0.99]) {
      expect(fuse(p, { screenGrid: 0.5, printGamut: null, deviceBorder: 1, smallFace: 0.2 }).liveProbability).toBeLessThanOrEqual(p);
    }
  });
});

describe('cuesFromEvidence', () => {
  const evidence = {
    frequency: { peakToRingDb: 14, highFrequencyShare: 0.01, blockSize: 128 },
    colour: { chromaP95: 60, lumaRange: 200, blueCast: 0 },
    greyscaleInput: false,
    border: { sides: { left: true, right: true, top: false, bottom: false }, strength: { left: 0.5, right: 0.5, top: 0, bottom: 0 } },
    framing: { faceAreaRatio: 0.14 },
  };

  it('gives no cue for a frame like upstream\'s live sample', () => {
    expect(cuesFromEvidence(evidence)).toEqual(none);
  });

  it('ramps the screen cue between 18 and 28 dB and needs three bracketing sides for a border', () => {
    expect(cuesFromEvidence({ ...evidence, frequency: { ...evidence.frequency, peakToRingDb: 23 } }).screenGrid).toBeCloseTo(0.5, 6);
    const bracketed = { ...evidence.border, sides: { left: true, right: true, top: true, bottom: false } };
    expect(cuesFromEvidence({ ...evidence, border: bracketed }).deviceBorder).toBe(1);
  });

  it('switches the gamut cue off for greyscale input instead of reading it as a print', () => {
    const grey = { ...evidence, colour: { chromaP95: 0, lumaRange: 200, blueCast: 0 }, greyscaleInput: true };
    expect(cuesFromEvidence(grey).printGamut).toBeNull();
    expect(cuesFromEvidence({ ...grey, greyscaleInput: false }).printGamut).toBe(1);
  });
});
