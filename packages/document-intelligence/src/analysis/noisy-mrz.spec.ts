import { existsSync } from 'node:fs';
import { OCRB_FONT } from '../mrz/ocrb/build-ocrb-templates';
import { renderOcrbMrzPage } from '../testing/ocrb-mrz-page';
import { seededRandom, syntheticIdentity } from '../testing/synthetic-mrz';
import { analyzeDocumentSide } from './analyze-document-side';

const describeWithFont = existsSync(OCRB_FONT) ? describe : describe.skip;
const now = new Date('2026-01-01T00:00:00Z');

describeWithFont('analyzeDocumentSide on a noisy photo of an MRZ', () => {
  // With this noise the detector splits the name line into a head and a filler tail ~6 line heights apart, so
  // the first pass finds only the second line; the second look rebuilds the block from it.
  it.each([1, 2])('reads a TD3 whose name line the detector breaks at its filler run (identity %i)', async (seed) => {
    const identity = syntheticIdentity(seededRandom(seed), 'TD3');
    const page = await renderOcrbMrzPage(identity.lines, { pitch: 26, noiseSigma: 16, seed: seed * 100 + 16 });
    const analysis = await analyzeDocumentSide(page, { side: 'main', now });
    expect(analysis.mrz?.valid).toBe(true);
    expect(analysis.mrz?.lines).toEqual(identity.lines);
  }, 240_000);
});
