import { decodeImage } from '../image/decode-image';
import { readMrzRegionsByTemplate } from '../mrz/ocrb/read-mrz-regions';
import { characterErrorRate, mrzDevImage } from '../testing/mrz-dev';
import { renderOcrbMrzPage } from '../testing/ocrb-mrz-page';
import { seededRandom, syntheticIdentity } from '../testing/synthetic-mrz';
import { longLineStretchAfterPreread, runOcr } from './run-ocr';
import * as recogniser from './recognise-text';
import { ctcGreedyDecode } from './recognise-text';
import { withMrzDev, withOcrbFont } from '../testing/required-inputs';

const describeWithData = withMrzDev().describe;
const describeWithFont = withOcrbFont().describe;

describe('ctcGreedyDecode', () => {
  it('collapses repeats and drops blanks', () => {
    const characters = ['', 'A', 'B'];
    // steps: A A blank A B B
    const best = [1, 1, 0, 1, 2, 2];
    const probs = new Float32Array(best.length * 3);
    best.forEach((c, t) => {
      probs[t * 3 + c] = 0.9;
    });
    expect(ctcGreedyDecode(probs, best.length, 3, characters).text).toBe('AAB');
  });

  it('drops a doubtful glyph in the margin beside the word, never a confident one or one inside it', () => {
    const characters = ['', 'C', 'O', 'L'];
    const decode = (glyphs: [number, number][], marginSteps: number) => {
      const probs = new Float32Array(glyphs.length * 4);
      glyphs.forEach(([c, p], t) => {
        probs[t * 4 + c] = p;
        probs[t * 4] = c === 0 ? p : Math.min(p, 1 - p) / 2;
      });
      return ctcGreedyDecode(probs, glyphs.length, 4, characters, marginSteps);
    };
    // Steps: C (p 0.47, art beside the word) · O · blank · L · blank · C (p 0.45) at the last step.
    const word: [number, number][] = [
      [1, 0.47],
      [2, 0.98],
      [0, 0.9],
      [3, 0.97],
      [0, 0.9],
      [1, 0.45],
    ];
    expect(decode(word, 1)).toEqual({ text: 'OL', confidence: expect.closeTo(0.975, 3) });
    expect(decode(word, 0).text).toBe('COLC');
    // Confident at the edge: a letter reaching into the margin.
    expect(
      decode(
        [
          [1, 0.92],
          [2, 0.98],
          [0, 0.9],
          [3, 0.97],
        ],
        1,
      ).text,
    ).toBe('COL');
    // Doubtful but past the margin: OCR's hesitation over a letter, kept for the caller's confidence gate.
    expect(
      decode(
        [
          [0, 0.9],
          [0, 0.9],
          [1, 0.4],
          [2, 0.98],
          [3, 0.97],
        ],
        1,
      ).text,
    ).toBe('COL');
    // A lone glyph is never dropped to nothing.
    expect(decode([[1, 0.4]], 1).text).toBe('C');
  });

  it('puts a space at a word gap where the space class reached 0.2 under the blank, and counts it in no confidence', () => {
    const characters = ['', 'A', 'B', ' '];
    // Steps: A · blank (space p) · blank · B; each step's classes: [blank, A, B, space].
    const decode = (spaceP: number, endGlyph = 2) => {
      const steps: number[][] = [
        [0.02, 0.96, 0.01, 0.01],
        [1 - spaceP, 0, 0, spaceP],
        [0.98, 0, 0, 0.02],
        [0.02, 0, 0, 0],
      ];
      steps[3][endGlyph] = 0.98;
      return ctcGreedyDecode(new Float32Array(steps.flat()), steps.length, 4, characters);
    };
    expect(decode(0.35)).toEqual({ text: 'A B', confidence: expect.closeTo(0.97, 3) });
    expect(decode(0.05).text).toBe('AB'); // a gap between letters of one word
    expect(decode(0.35, 3).text).toBe('A '); // the space decoded itself: not doubled
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

describeWithFont('runOcr on a noisy MRZ the detector breaks apart', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  // Sensor noise σ 16: the detector finds the TD3's name line only up to its filler run, so no two long lines make an
  // MRZ; the block rebuilt around the whole second line gives the name line its span, and the templates read both.
  it('reads the rebuilt MRZ block by template on the first pass, without the recogniser reading a long line', async () => {
    const identity = syntheticIdentity(seededRandom(1), 'TD3');
    const page = await renderOcrbMrzPage(identity.lines, { pitch: 26, noiseSigma: 16, seed: 116 });
    const decoded = await decodeImage(page);
    if (!decoded.ok) throw new Error(decoded.detail);
    const recognise = jest.spyOn(recogniser, 'recogniseTexts');
    try {
      const lines = await runOcr(decoded.image, { prereadLongLines: (image, regions) => readMrzRegionsByTemplate(image, regions, now) });
      const wholeLines = lines
        .flatMap((l) => l.words)
        .filter((w) => w.wholeLine)
        .map((w) => w.text);
      expect(wholeLines).toEqual(identity.lines);
      // The recogniser read only short words, at their own width: no line was left to it at the MRZ stretch.
      for (const [, , , regions, stretch] of recognise.mock.calls) expect(regions.length === 0 || stretch === 1).toBe(true);
    } finally {
      recognise.mockRestore();
    }
  }, 120_000);
});
