import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderDocument } from '../testing/render-document';
import { MRZ_DEV_DIR, mrzDevImage } from '../testing/mrz-dev';
import * as smoothing from '../image/smooth-for-detection';
import * as ocr from '../ocr/run-ocr';
import { analyzeDocumentSide } from './analyze-document-side';
import { compareSides } from './compare-sides';
import { type PortraitDetector, type SideAnalysis } from './types';
import { withMrzDev } from '../testing/required-inputs';

const now = new Date('2026-11-23T00:00:00Z');
const describeWithData = withMrzDev().describe;
const TIMEOUT = 120_000;

function labelledLines(file: string): string[] {
  const row =
    readFileSync(join(MRZ_DEV_DIR, 'labels.csv'), 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${file},`)) ?? '';
  return row
    .split(',')
    .slice(3, 6)
    .filter((l) => l.length > 0);
}

const noPortrait: PortraitDetector = { detectPortrait: async () => ({ checked: true, found: false, confidence: 0.02 }) };

describeWithData('analyzeDocumentSide on mrz-dev', () => {
  let frenchFront: SideAnalysis;
  let estonianPassport: SideAnalysis;
  let austrianBack: SideAnalysis;
  beforeAll(async () => {
    frenchFront = await analyzeDocumentSide(mrzDevImage('id1.jpg'), { side: 'front', now });
    estonianPassport = await analyzeDocumentSide(mrzDevImage('id2.jpg'), { side: 'main', now, portraitDetector: noPortrait });
    austrianBack = await analyzeDocumentSide(mrzDevImage('id_fail.png'), { side: 'back', now });
  }, TIMEOUT);

  it('reads the French ID front: national 2×36 MRZ exactly as labelled, all check digits valid, VIZ agrees', () => {
    expect(frenchFront.mrz?.format).toBe('FRA_ID');
    expect(frenchFront.mrz?.lines).toEqual(labelledLines('id1.jpg'));
    expect(frenchFront.mrz?.valid).toBe(true);
    expect(frenchFront.detectedDocumentType).toBe('id_card');
    expect(frenchFront.requiresBackSide).toBe(true);
    expect(frenchFront.extractedData).toMatchObject({
      lastName: 'BERTHIER',
      firstName: 'CORINNE',
      dateOfBirth: '1965-12-06',
      sex: 'F',
      nationality: 'FRA',
      documentNumber: '940992310285',
    });
    expect(frenchFront.extractedData.placeOfBirth).toContain('PARIS');
    expect(frenchFront.problems).toEqual([]);
    expect(frenchFront.portrait).toEqual({ checked: false, reason: 'no portrait detector configured' });
  });

  it('reads the Estonian passport: TD3 line 2 exact, check digits valid, expired; no retake for a portrait the detector port missed', () => {
    const mrz = estonianPassport.mrz;
    expect(mrz?.format).toBe('TD3');
    expect(mrz?.lines[1]).toBe(labelledLines('id2.jpg')[1]);
    expect(mrz?.checkDigits.every((c) => c.valid)).toBe(true);
    expect(estonianPassport.detectedDocumentType).toBe('passport');
    expect(estonianPassport.requiresBackSide).toBe(false);
    expect(estonianPassport.extractedData).toMatchObject({
      dateOfBirth: '1975-01-22',
      expiryDate: '2012-05-22',
      nationality: 'EST',
      documentNumber: 'KB0000000',
    });
    expect(estonianPassport.problems).toContain('DOC_EXPIRED');
    // The MRZ was read whole, so the page was readable: the missing face is not a retake; it stays not found, and
    // the face match at submit then goes to review.
    expect(mrz?.valid).toBe(true);
    expect(estonianPassport.portrait).toEqual({ checked: true, found: false, confidence: 0.02 });
    expect(estonianPassport.problems).not.toContain('PORTRAIT_NOT_DETECTED');
  });

  it('flags the malformed Austrian MRZ instead of correcting it', () => {
    expect(austrianBack.mrz).not.toBeNull();
    expect(austrianBack.mrz?.valid).toBe(false);
    expect(austrianBack.problems).toContain('MRZ_DATA_UNREADABLE');
    expect(austrianBack.authenticitySignals.map((s) => s.code)).toContain('CHECK_DIGIT_FAILED');
    expect(austrianBack.issues).toContainEqual({ code: 'GENERIC_REVIEW', scope: 'back' });
    // The public issue list never names the anti-fraud check.
    expect(austrianBack.issues.map((i) => i.code)).not.toContain('CHECK_DIGIT_FAILED');
  });

  it(
    'does not look again at an MRZ read as printed that fails its checks: a second look reads the same, at up to a second',
    async () => {
      const reread = jest.spyOn(ocr, 'rereadLines');
      const smoothed = jest.spyOn(smoothing, 'smoothForDetection');
      try {
        const again = await analyzeDocumentSide(mrzDevImage('id_fail.png'), { side: 'back', now });
        expect(again.mrz?.lines).toEqual(austrianBack.mrz?.lines);
        expect(again.authenticitySignals.map((s) => s.code)).toContain('CHECK_DIGIT_FAILED');
        expect(reread).not.toHaveBeenCalled();
        expect(smoothed).not.toHaveBeenCalled();
      } finally {
        reread.mockRestore();
        smoothed.mockRestore();
      }
    },
    TIMEOUT,
  );

  it('suspects mixing when the French front is paired with the Austrian back', () => {
    const result = compareSides(frenchFront, austrianBack);
    expect(result.mixingSuspected).toBe(true);
    expect(result.reason).toMatch(/lastName|dateOfBirth|issuing state/);
    expect(compareSides(frenchFront, frenchFront).mixingSuspected).toBe(false);
  });

  it(
    'finds the MRZ of a photo taken rotated by 90°',
    async () => {
      const rotated = await sharp(mrzDevImage('id2.jpg')).rotate(90).jpeg().toBuffer();
      const a = await analyzeDocumentSide(rotated, { side: 'main', now });
      expect(a.rotation).toBe(270);
      expect(a.mrz?.checkDigits.every((c) => c.valid)).toBe(true);
    },
    TIMEOUT,
  );
});

describe('analyzeDocumentSide on rendered documents and bad input', () => {
  const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];

  it(
    'reports a card back (TD1 MRZ) uploaded as the front, read from a CMYK 16-bit-free JPEG',
    async () => {
      const image = await renderDocument({ mrzLines: TD1 });
      const cmyk = await sharp(image).toColourspace('cmyk').jpeg().toBuffer();
      expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
      const a = await analyzeDocumentSide(cmyk, { side: 'front', now });
      expect(a.mrz?.format).toBe('TD1');
      expect(a.mrz?.lines).toEqual(TD1);
      expect(a.problems).toContain('WRONG_SIDE_BACK_UPLOADED');
      expect(a.authenticitySignals.map((s) => s.code)).toContain('SPECIMEN_DOCUMENT');
    },
    TIMEOUT,
  );

  it(
    'reads the MRZ of a photo taken 9° off level, whose two lines share most of their axis-aligned bounds',
    async () => {
      const tilted = await sharp(await renderDocument({ mrzLines: TD1 }))
        .rotate(-9, { background: '#ffffff' })
        .jpeg({ quality: 90 })
        .toBuffer();
      const a = await analyzeDocumentSide(tilted, { side: 'back', now });
      expect(a.rotation).toBe(0);
      expect(a.mrz?.lines).toEqual(TD1);
      expect(a.mrz?.valid).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'reads a 16-bit PNG',
    async () => {
      const png16 = await sharp(await renderDocument({ mrzLines: TD1 }))
        .toColourspace('rgb16')
        .png()
        .toBuffer();
      expect((await sharp(png16).metadata()).depth).toBe('ushort');
      const a = await analyzeDocumentSide(png16, { side: 'back', now });
      expect(a.failure).toBeUndefined();
      expect(a.mrz?.valid).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'returns typed results for garbage bytes, a 1×1 image and a blank page',
    async () => {
      const garbage = await analyzeDocumentSide(Buffer.from('not an image'), { side: 'front', now });
      expect(garbage.failure).toMatch(/could not be decoded/);
      expect(garbage.problems).toContain('DOCUMENT_QUALITY_TOO_LOW');

      const tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#808080' } })
        .png()
        .toBuffer();
      const tinyResult = await analyzeDocumentSide(tiny, { side: 'front', now });
      expect(tinyResult.problems).toContain('DOCUMENT_QUALITY_TOO_LOW');

      const blank = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#ffffff' } })
        .jpeg()
        .toBuffer();
      const blankResult = await analyzeDocumentSide(blank, { side: 'main', now });
      expect(blankResult.mrz).toBeNull();
      expect(blankResult.detectedDocumentType).toBe('unknown');
      expect(blankResult.problems).toEqual(
        expect.arrayContaining(['LOW_DETECTION_CONFIDENCE', 'MRZ_DATA_UNREADABLE', 'DOCUMENT_QUALITY_TOO_LOW']),
      );

      const noOptions = await analyzeDocumentSide(blank, undefined as never);
      expect(noOptions.side).toBe('front');
    },
    TIMEOUT,
  );
});

/** A detector that records each call: the image size it was given, when it started and when it finished. */
function recordingDetector() {
  const calls: { width: number; height: number; startedAt: number; finishedAt?: number }[] = [];
  const detector: PortraitDetector = {
    async detectPortrait(image) {
      const call: (typeof calls)[number] = { width: image.width, height: image.height, startedAt: performance.now() };
      calls.push(call);
      await new Promise((resolve) => setTimeout(resolve, 20));
      call.finishedAt = performance.now();
      return { checked: true, found: true, confidence: 0.9 };
    },
  };
  return { calls, detector };
}

describe('analyzeDocumentSide portrait check', () => {
  const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
  const savedSwitch = process.env.DOCUMENT_OCR_PORTRAIT_ALONGSIDE;
  afterEach(() => {
    if (savedSwitch === undefined) delete process.env.DOCUMENT_OCR_PORTRAIT_ALONGSIDE;
    else process.env.DOCUMENT_OCR_PORTRAIT_ALONGSIDE = savedSwitch;
  });

  it(
    'starts on the upright page before the text is read, once',
    async () => {
      const image = await renderDocument({ mrzLines: TD1 });
      const { calls, detector } = recordingDetector();
      const started = performance.now();
      const a = await analyzeDocumentSide(image, { side: 'front', now, portraitDetector: detector });
      expect(a.rotation).toBe(0);
      expect(a.portrait).toEqual({ checked: true, found: true, confidence: 0.9 });
      expect(calls).toHaveLength(1);
      // Started before OCR could have ended: within the time decoding and the quality measure took.
      expect(calls[0].startedAt - started).toBeLessThan(a.timingsMs.total - a.timingsMs.ocr);
    },
    TIMEOUT,
  );

  it(
    'checks a page read turned again, on the turned page, after the upright check has finished',
    async () => {
      const rotated = await sharp(await renderDocument({ mrzLines: TD1 }))
        .rotate(90)
        .jpeg({ quality: 90 })
        .toBuffer();
      const { width, height } = await sharp(rotated).metadata();
      const { calls, detector } = recordingDetector();
      const a = await analyzeDocumentSide(rotated, { side: 'front', now, portraitDetector: detector });
      expect(a.rotation).toBe(270);
      expect(calls.map((c) => [c.width, c.height])).toEqual([
        [width, height],
        [height, width],
      ]);
      expect(calls[1].startedAt).toBeGreaterThanOrEqual(calls[0].finishedAt as number);
    },
    TIMEOUT,
  );

  it(
    'with DOCUMENT_OCR_PORTRAIT_ALONGSIDE=0 looks only after the text is read',
    async () => {
      process.env.DOCUMENT_OCR_PORTRAIT_ALONGSIDE = '0';
      const image = await renderDocument({ mrzLines: TD1 });
      const { calls, detector } = recordingDetector();
      const started = performance.now();
      const a = await analyzeDocumentSide(image, { side: 'front', now, portraitDetector: detector });
      expect(calls).toHaveLength(1);
      expect(calls[0].startedAt - started).toBeGreaterThanOrEqual(a.timingsMs.ocr);
    },
    TIMEOUT,
  );

  it(
    'does not look for a portrait on a card back, which carries none',
    async () => {
      const image = await renderDocument({ mrzLines: TD1 });
      const { calls, detector } = recordingDetector();
      const a = await analyzeDocumentSide(image, { side: 'back', now, portraitDetector: detector });
      expect(calls).toHaveLength(0);
      expect(a.portrait).toEqual({ checked: false, reason: 'not looked for: a card back carries no portrait' });
      expect(a.problems).not.toContain('PORTRAIT_NOT_DETECTED');
    },
    TIMEOUT,
  );
});

describe('analyzeDocumentSide on a card front without MRZ', () => {
  it(
    'reads the labelled visual zone upright without rotation retries and asks for the back',
    async () => {
      const image = await renderDocument({
        vizLines: [
          'PERSONALAUSWEIS / IDENTITY CARD',
          'Name/Surname/Nom: MUSTERMANN',
          'Vornamen/Given names/Prénoms: ERIKA',
          'Geburtsdatum/Date of birth: 12.08.1964',
          'Gültig bis/Date of expiry: 01.08.2031',
        ],
        width: 900,
      });
      const smoothed = jest.spyOn(smoothing, 'smoothForDetection');
      const a = await analyzeDocumentSide(image, { side: 'front', now });
      // No MRZ fillers on the page: no second look for an MRZ the side does not carry.
      expect(smoothed).not.toHaveBeenCalled();
      smoothed.mockRestore();
      expect(a.rotation).toBe(0);
      expect(a.mrz).toBeNull();
      expect(a.detectedDocumentType).toBe('id_card');
      expect(a.requiresBackSide).toBe(true);
      expect(a.extractedData).toMatchObject({
        lastName: 'MUSTERMANN',
        firstName: 'ERIKA',
        dateOfBirth: '1964-08-12',
        expiryDate: '2031-08-01',
      });
      expect(a.problems).toEqual([]);
    },
    TIMEOUT,
  );
});
