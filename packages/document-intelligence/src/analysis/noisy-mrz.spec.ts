import * as smoothing from '../image/smooth-for-detection';
import { renderOcrbMrzPage } from '../testing/ocrb-mrz-page';
import { seededRandom, syntheticIdentity } from '../testing/synthetic-mrz';
import { analyzeDocumentSide } from './analyze-document-side';
import { withOcrbFont } from '../testing/required-inputs';

const describeWithFont = withOcrbFont().describe;
const now = new Date('2026-01-01T00:00:00Z');

describeWithFont('analyzeDocumentSide on a noisy photo of an MRZ', () => {
  // With this noise the detector splits the name line into a head and a filler tail ~6 line heights apart, so
  // no two detected long lines make an MRZ; the block rebuilt around the second line is read on the first pass.
  it.each([1, 2])(
    'reads a TD3 whose name line the detector breaks at its filler run (identity %i)',
    async (seed) => {
      const identity = syntheticIdentity(seededRandom(seed), 'TD3');
      const page = await renderOcrbMrzPage(identity.lines, { pitch: 26, noiseSigma: 16, seed: seed * 100 + 16 });
      const analysis = await analyzeDocumentSide(page, { side: 'main', now });
      expect(analysis.mrz?.valid).toBe(true);
      expect(analysis.mrz?.lines).toEqual(identity.lines);
    },
    240_000,
  );

  // With this noise the detector finds each TD1 row only up to its filler run, one of them long enough to seed
  // the block: rebuilt to 30 characters, the rows are read by template on the first pass.
  it.each([
    [2, 20],
    [4, 16],
    [4, 20],
  ])(
    "reads a TD1 of which the detector found only the rows' heads (identity %i, noise %i)",
    async (seed, sigma) => {
      const identity = syntheticIdentity(seededRandom(seed), 'TD1');
      const page = await renderOcrbMrzPage(identity.lines, { pitch: 26, noiseSigma: sigma, seed: seed * 100 + sigma });
      const smoothed = jest.spyOn(smoothing, 'smoothForDetection');
      try {
        const analysis = await analyzeDocumentSide(page, { side: 'back', now });
        expect(analysis.mrz?.valid).toBe(true);
        expect(analysis.mrz?.lines).toEqual(identity.lines);
        // Read before the costlier smoothed re-detection.
        expect(smoothed).not.toHaveBeenCalled();
      } finally {
        smoothed.mockRestore();
      }
    },
    240_000,
  );

  // Sensor noise smoothed by the phone: at the long-line stretch the recogniser gives the fillers' grain the time
  // steps to read as K's and C's, and neither the templates nor the smoothed re-detection read the rows; the last
  // look reads the rows run on from their heads at the glyphs' own width.
  it('reads a TD1 under smoothed noise, whose fillers the stretched recogniser reads as letters', async () => {
    const identity = syntheticIdentity(seededRandom(2), 'TD1');
    const page = await renderOcrbMrzPage(identity.lines, { pitch: 22, noiseSigma: 30, seed: 230, smoothSigma: 2 });
    const analysis = await analyzeDocumentSide(page, { side: 'back', now });
    expect(analysis.mrz?.valid).toBe(true);
    expect(analysis.mrz?.lines).toEqual(identity.lines);
  }, 240_000);

  // A passport printed with a wrong expiry check digit: no look can read it valid. With this noise the detector cuts
  // the name line in its padding; line 2 is read at its length, so the failure is the document's and the page is
  // not looked at again (before, every look ran for nothing, the smoothed re-detection last).
  it('takes a passport page whose only failing checks were read as printed, without looking again', async () => {
    const identity = syntheticIdentity(seededRandom(2), 'TD3');
    const line2 = identity.lines[1];
    const wrongExpiryCheck = String((Number(line2[27]) + 3) % 10);
    const printed = [identity.lines[0], line2.slice(0, 27) + wrongExpiryCheck + line2.slice(28)];
    const page = await renderOcrbMrzPage(printed, { pitch: 26, noiseSigma: 16, seed: 216 });
    const smoothed = jest.spyOn(smoothing, 'smoothForDetection');
    try {
      const analysis = await analyzeDocumentSide(page, { side: 'main', now });
      expect(analysis.mrz?.lines).toEqual(printed);
      expect(analysis.mrz?.valid).toBe(false);
      expect(analysis.authenticitySignals.map((s) => s.code)).toContain('CHECK_DIGIT_FAILED');
      expect(smoothed).not.toHaveBeenCalled();
    } finally {
      smoothed.mockRestore();
    }
  }, 240_000);
});
