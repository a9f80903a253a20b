import { CUE_WEIGHTS, cuesFromEvidence, fuse, SCREEN_GRID_DB, screenGridCue, type LivenessCues } from '../fusion';

const none: LivenessCues = { screenGrid: 0, printGamut: 0, deviceBorder: 0, smallFace: 0 };

describe('fuse', () => {
  it('is upstream fusion when no cue fires', () => {
    expect(fuse(0.8, none).liveProbability).toBeCloseTo(0.8, 6);
    expect(fuse(0.2, none).dominant).toBe('model');
  });

  it('lets a screen grid in the range real photos reach tip an uncertain verdict but not overturn a confident one', () => {
    const tip = { ...none, screenGrid: screenGridCue(SCREEN_GRID_DB.veto - 0.01) };
    expect(fuse(0.95, tip).liveProbability).toBeGreaterThan(0.5);
    expect(fuse(0.9, tip).liveProbability).toBeLessThan(0.5);
  });

  it('vetoes with a screen grid beyond every real photo, or a device border', () => {
    const grid = fuse(0.999, { ...none, screenGrid: screenGridCue(SCREEN_GRID_DB.veto) });
    expect(grid.liveProbability).toBeLessThan(0.5);
    expect(grid.dominant).toBe('screenGrid');
    const border = fuse(0.999, { ...none, deviceBorder: 1 });
    expect(border.liveProbability).toBeLessThan(0.5);
    expect(border.dominant).toBe('deviceBorder');
  });

  it('gives the print gamut no weight: it was right on no real capture', () => {
    expect(CUE_WEIGHTS.printGamut).toBe(0);
    expect(fuse(0.6, { ...none, printGamut: 1 }).liveProbability).toBeCloseTo(0.6, 6);
    expect(fuse(0.4, { ...none, printGamut: 1 }).dominant).toBe('model');
  });

  it('only ever lowers the live probability', () => {
    for (const p of [0.01, 0.3, 0.6, 0.99]) {
      expect(fuse(p, { screenGrid: 0.5, printGamut: null, deviceBorder: 1, smallFace: 0.2 }).liveProbability).toBeLessThanOrEqual(p);
    }
  });
});

describe('screenGridCue', () => {
  it('is 0 below 22 dB, the tip share from 28 to 36 dB, and 1 from 36 dB', () => {
    expect(screenGridCue(21.9)).toBe(0);
    expect(screenGridCue(25)).toBeCloseTo(SCREEN_GRID_DB.tipShare / 2, 6);
    expect(screenGridCue(28)).toBeCloseTo(SCREEN_GRID_DB.tipShare, 6);
    expect(screenGridCue(35.99)).toBeCloseTo(SCREEN_GRID_DB.tipShare, 6);
    expect(screenGridCue(36)).toBe(1);
  });

  it('vetoes from 26 dB when the peak is there across the whole face, not when only the centre block shows it', () => {
    // A real photo's local pattern: the centre block at 33 dB, another block at 18 dB.
    expect(screenGridCue(33, 18)).toBeCloseTo(SCREEN_GRID_DB.tipShare, 6);
    expect(screenGridCue(30, SCREEN_GRID_DB.acrossFaceVeto - 0.01)).toBeCloseTo(SCREEN_GRID_DB.tipShare, 6);
    expect(screenGridCue(30, SCREEN_GRID_DB.acrossFaceVeto)).toBe(1);
    expect(fuse(0.999, { ...none, screenGrid: screenGridCue(30, 27) }).liveProbability).toBeLessThan(0.5);
  });
});

describe('cuesFromEvidence', () => {
  const evidence = {
    frequency: { peakToRingDb: 14, acrossFaceDb: null, highFrequencyShare: 0.01, blockSize: 128 },
    colour: { chromaP95: 60, lumaRange: 200, blueCast: 0 },
    greyscaleInput: false,
    border: { sides: { left: true, right: true, top: false, bottom: false }, strength: { left: 0.5, right: 0.5, top: 0, bottom: 0 } },
    framing: { faceAreaRatio: 0.14 },
  };

  it("gives no cue for a frame like upstream's live sample", () => {
    expect(cuesFromEvidence(evidence)).toEqual(none);
  });

  it('maps the spectral peak through screenGridCue and needs three bracketing sides for a border', () => {
    expect(cuesFromEvidence({ ...evidence, frequency: { ...evidence.frequency, peakToRingDb: 40 } }).screenGrid).toBe(1);
    const bracketed = { ...evidence.border, sides: { left: true, right: true, top: true, bottom: false } };
    expect(cuesFromEvidence({ ...evidence, border: bracketed }).deviceBorder).toBe(1);
  });

  it('switches the gamut cue off for greyscale input instead of reading it as a print', () => {
    const grey = { ...evidence, colour: { chromaP95: 0, lumaRange: 200, blueCast: 0 }, greyscaleInput: true };
    expect(cuesFromEvidence(grey).printGamut).toBeNull();
    expect(cuesFromEvidence({ ...grey, greyscaleInput: false }).printGamut).toBe(1);
  });
});
