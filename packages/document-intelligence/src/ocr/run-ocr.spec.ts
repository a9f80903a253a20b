import { decodeImage } from '../image/decode-image';
import { characterErrorRate, mrzDevAvailable, mrzDevImage } from '../testing/mrz-dev';
import { longLineStretchAfterPreread, runOcr } from './run-ocr';
import { ctcGreedyDecode } from './recognise-text';

const describeWithData = mrzDevAvailable() ? describe : describe.skip;

describe('ctcGreedyDecode', () => {
  it('collapses repeats and drops blanks', () => {
    const characters = ['', 'A', 'B'];
    // steps: A A blank A B B
    const best = [1, 1, 0, 1, 2, 2];
    const probs = new Float32Array(best.length * 3);
    best.forEach((c, t) => { probs[t * 3 + c] = 0.9; });
    expect(ctcGreedyDecode(probs, best.length, 3, characters).text).toBe('AAB');
  });
});

describe('longLineStretchAfterPreread', () => {
  it('reads long lines at the MRZ stretch until the pre-reader has read the MRZ, then at their own width', () => {
    expect(longLineStretchAfterPreread(0, {})).toBe(1.5);
    expect(longLineStretchAfterPreread(2, {})).toBe(1);
    expect(longLineStretchAfterPreread(2, { DOCUMENT_OCR_PLAIN_LONG_LINES: '0' })).toBe(1.5);
  });
});

describeWithData('runOcr on mrz-dev', () => {
  it('reads the French ID, its visual labels and both MRZ lines in reading order', async () => {
    const decoded = await decodeImage(mrzDevImage('id1.jpg'));
    if (!decoded.ok) throw new Error(decoded.detail);
    const lines = (await runOcr(decoded.image)).map((l) => l.text.replace(/\s+/g, ''));
    expect(lines.some((l) => l.includes('BERTHIER'))).toBe(true);
    const mrz = lines.filter((l) => l.includes('<<'));
    expect(mrz).toHaveLength(2);
    expect(characterErrorRate(mrz[0], 'IDFRABERTHIER<<<<<<<<<<<<<<<<<<<<<<<')).toBeLessThanOrEqual(0.03);
    expect(characterErrorRate(mrz[1], '9409923102854CORINNE<<<<<<<6512068F4')).toBeLessThanOrEqual(0.03);
    expect(lines.indexOf(mrz[0])).toBeLessThan(lines.indexOf(mrz[1]));
  }, 60_000);
});
