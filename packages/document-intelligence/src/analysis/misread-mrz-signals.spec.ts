import { readMrz } from '../mrz/read-mrz';
import { type MrzReading } from '../mrz/types';
import { type ImageQuality } from '../quality/measure-quality';
import { readViz } from '../viz/read-viz';
import { collectAuthenticitySignals } from './authenticity-signals';
import { judgeMrzFirmness } from './mrz-read-firmness';
import { crossCheckMrzAndViz, documentNumbersAgree } from './mrz-viz-cross-check';

const now = new Date('2026-11-23T00:00:00Z');
const quality: ImageQuality = {
  blur: 900,
  brightness: 170,
  glare: 0.01,
  width: 1000,
  height: 700,
  saturation: 0.2,
  colourfulShare: 0.2,
  highFrequencyRatio: 0.1,
};

function mrz(lines: string[]): MrzReading {
  const r = readMrz(lines, { now });
  if (!r.ok) throw new Error(r.detail);
  return r.reading;
}

const codes = (reading: MrzReading) =>
  collectAuthenticitySignals({ mrz: reading, crossCheck: null, foldedText: '', now, data: {}, quality }).map((s) => s.code);

// ICAO Doc 9303's TD3 specimen, with a real state's code so no specimen signal interferes.
const LINE1 = 'P<NLDERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';
const LINE2 = 'L898902C36NLD7408122F1204159ZE184226B<<<<<10';

describe('MRZ read firmly vs misread', () => {
  it('a firmly read MRZ with one wrong check digit is evidence: CHECK_DIGIT_FAILED', () => {
    const reading = mrz([LINE1, LINE2.replace('7408122', '7408123')]);
    expect(reading.valid).toBe(false);
    expect(judgeMrzFirmness(reading)).toEqual({
      firm: true,
      reasons: [],
      unreliableFields: [],
      trustedFailures: ['birthDate', 'composite'],
    });
    expect(codes(reading)).toContain('CHECK_DIGIT_FAILED');
  });

  it('a line read at the wrong length (filler run re-fitted) is a misread: no fraud signals', () => {
    const reading = mrz([LINE1, LINE2.replace('7408122', '7408123').replace('B<<<<<10', 'B<<<10')]);
    expect(reading.repairs.some((r) => r.includes('filler run'))).toBe(true);
    expect(judgeMrzFirmness(reading).firm).toBe(false);
    expect(codes(reading)).toEqual([]);
  });

  it('a failing field that needed letter→digit repairs is a misread', () => {
    const reading = mrz([LINE1, LINE2.replace('7408122', '74O8I52')]);
    expect(reading.checkDigits.find((c) => c.name === 'birthDate')?.valid).toBe(false);
    expect(judgeMrzFirmness(reading).firm).toBe(false);
    expect(codes(reading)).toEqual([]);
  });

  it('several failing fields read at full length without repairs stay evidence (a real malformed MRZ looks so)', () => {
    const reading = mrz([LINE1, LINE2.replace('7408122', '7408123').replace('1204159', '1204158')]);
    expect(judgeMrzFirmness(reading).firm).toBe(true);
    expect(codes(reading)).toContain('CHECK_DIGIT_FAILED');
  });

  it('an unknown issuing state on a re-fitted line 1 is a misread, not an invalid country', () => {
    const refitted = mrz(['P<DRSSI<<PAL<<<<<<<<<<<<<<<<<<<<<<<<<<<<', 'EZ10311034NLD5009123M2708023<<<<<<<<<<<<<<<6']);
    expect(refitted.valid).toBe(true);
    expect(codes(refitted)).toEqual([]);
    expect(codes(mrz([LINE1.replace('NLD', 'XYZ'), LINE2]))).toEqual(['INVALID_COUNTRY_CODE']);
  });

  it('a miscounted name line leaves line 2 evidence: a wrong document-number check digit there is still flagged', () => {
    // The name line lost six fillers; line 2 was read character for character and its document-number digit is wrong.
    const reading = mrz([LINE1.replace('<<<<<<<<<<<<<<<<<<<', '<<<<<<<<<<<<<'), LINE2.replace('L898902C36', 'L898902C37')]);
    expect(reading.repairs.some((r) => r.startsWith('line 1: filler run'))).toBe(true);
    const firmness = judgeMrzFirmness(reading);
    expect(firmness.firm).toBe(false);
    expect(firmness.trustedFailures).toEqual(['documentNumber', 'composite']);
    expect(codes(reading)).toEqual(['CHECK_DIGIT_FAILED', 'CHECK_DIGIT_FAILED']);
  });

  it('a country code that needed a digit→letter repair is not evidence of an invalid code', () => {
    // 'D<<' read as '0<<' on a German card: the repair gives 'O', which is no state.
    const td1 = ['IDD<<HZ54KZTWX4<<<<<<<<<<<<<<<', '0606170F2706096D<<<<<<<<<<<<<6', 'HOFFMANN<<KAETHE<<<<<<<<<<<<<<'];
    const misread = mrz([td1[0], td1[1].replace('096D<<', '0960<<'), td1[2]]);
    expect(misread.fields.nationality.value).toBe('O');
    expect(codes(misread)).toEqual([]);
  });

  it('UTO, the specimen state, is flagged once however many fields carry it', () => {
    const specimen = mrz([LINE1.replace('NLD', 'UTO'), LINE2.replace('NLD', 'UTO')]);
    expect(codes(specimen)).toEqual(['SPECIMEN_DOCUMENT']);
  });
});

describe('MRZ/VIZ cross-check leaves OCR look-alikes and unverified MRZ fields out', () => {
  const VIZ = (texts: string[]) =>
    readViz(texts.map((text, i) => ({ text, confidence: 0.9, box: { x: 0, y: i * 20, width: 100, height: 16 }, words: [] })));

  it('a document number read with O for 0 in the visual zone is the same number', () => {
    expect(documentNumbersAgree('0TGRPZ2W7', 'OTGRPZ2W7')).toBe(true);
    expect(documentNumbersAgree('0TGRPZ2W7', '0TGRPZ2W8')).toBe(false);
  });

  it('names on a line OCR miscounted are not compared', () => {
    const miscounted = mrz(['P<NLDPELL<<EA<<<<<<<<<<<<<<<<<<<<<<<<<', LINE2]);
    expect(crossCheckMrzAndViz(miscounted, VIZ(['Surname: POLZL', 'Given names: LEA'])).compared).toBe(0);
    expect(crossCheckMrzAndViz(mrz([LINE1, LINE2]), VIZ(['Surname: POLZL'])).disagreements).toHaveLength(1);
  });

  it('an MRZ birth date that fails its check digit is not compared', () => {
    const reading = mrz([LINE1, LINE2.replace('7408122', '7408123')]);
    const check = crossCheckMrzAndViz(reading, VIZ(['Date of birth: 12.08.1974', 'Surname: ERIKSSON']));
    expect(check.disagreements).toEqual([]);
    const misread = mrz([LINE1, LINE2.replace('7408122', '7408153')]);
    expect(crossCheckMrzAndViz(misread, VIZ(['Date of birth: 12.08.1974'])).compared).toBe(0);
  });
});

describe('greyscale copy', () => {
  const greyscale = (q: Partial<ImageQuality>) =>
    collectAuthenticitySignals({ mrz: null, crossCheck: null, foldedText: '', now, data: {}, quality: { ...quality, ...q } }).some(
      (s) => s.code === 'GREYSCALE_COPY',
    );

  it('is not raised for a colour document on pale paper (low mean saturation, a few percent coloured pixels)', () => {
    expect(greyscale({ saturation: 0.03, colourfulShare: 0.02 })).toBe(false);
  });

  it('is raised when (almost) no pixel carries colour', () => {
    expect(greyscale({ saturation: 0.01, colourfulShare: 0.001 })).toBe(true);
  });
});
