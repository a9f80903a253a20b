import { findMrz } from '../mrz/find-mrz-lines';
import { readMrz } from '../mrz/read-mrz';
import { type MrzReading } from '../mrz/types';
import { type ImageQuality, judgeQuality } from '../quality/measure-quality';
import { readViz } from '../viz/read-viz';
import { collectAuthenticitySignals } from './authenticity-signals';
import { decideDocumentType, type LayoutEvidence, personalDataFieldsOf } from './document-type';
import { buildExtractedData, toSubmitExtractedData } from './extracted-data';
import { compareNames, crossCheckMrzAndViz } from './mrz-viz-cross-check';
import { judgeSideProblems } from './side-problems';

const now = new Date('2026-11-23T00:00:00Z');
const goodQuality: ImageQuality = {
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

// German ID card specimen (Erika Mustermann, 2010 layout); Germany leaves the MRZ sex field as filler.
const TD1_DEU = ['IDD<<T220001293<<<<<<<<<<<<<<<', '6408125<2010315D<<<<<<<<<<<<<4', 'MUSTERMANN<<ERIKA<<<<<<<<<<<<<'];
const VIZ_LINES = (texts: string[]) =>
  texts.map((text, i) => ({ text, confidence: 0.9, box: { x: 0, y: i * 20, width: 100, height: 16 }, words: [] }));

describe('document type', () => {
  it('comes from the MRZ first, wording second, declaration last', () => {
    expect(decideDocumentType(mrz(TD1_DEU), '', undefined)).toMatchObject({ type: 'id_card', requiresBackSide: true, basis: 'mrz' });
    expect(decideDocumentType(null, 'reisepass passport', undefined)).toMatchObject({
      type: 'passport',
      confidence: 0.6,
      requiresBackSide: false,
    });
    expect(decideDocumentType(null, 'fuhrerschein permis de conduire', undefined)).toMatchObject({
      type: 'driver_license',
      requiresBackSide: true,
    });
    expect(decideDocumentType(null, '', 'passport')).toMatchObject({ type: 'passport', confidence: 0.3 });
    expect(decideDocumentType(null, '', undefined)).toMatchObject({ type: 'unknown', confidence: 0.1, requiresBackSide: true });
  });
});

describe('document type by layout, when neither an MRZ nor the document name was read', () => {
  const front = (personalDataFields: number): LayoutEvidence => ({ side: 'front', mrzTraceLines: [], personalDataFields });
  const base = {
    quality: { tooLow: false, reasons: [] },
    crossCheck: null,
    portrait: { checked: false as const, reason: 'x' },
    data: {},
    now,
  };
  const problemsOf = (type: ReturnType<typeof decideDocumentType>) =>
    judgeSideProblems({ ...base, side: 'front', type, mrzSearch: { candidateLines: [], traceLines: [], reading: null } });

  it("takes the type from an MRZ line's document code and issuing state, read short of a whole line", () => {
    // A noisy card back: the first row read 19 of 30 characters, the rest not at all.
    const back: LayoutEvidence = { side: 'back', mrzTraceLines: ['IDGBRKG605Z87H8KK<<'], personalDataFields: 0 };
    expect(decideDocumentType(null, '', undefined, back)).toEqual({
      type: 'id_card',
      confidence: 0.6,
      requiresBackSide: true,
      basis: 'mrz-head',
    });
    expect(decideDocumentType(null, '', undefined, { ...back, mrzTraceLines: ['WALKER<<OLIVER', 'P<IRLWALSH<<CIAN<<<'] })).toMatchObject({
      type: 'passport',
      basis: 'mrz-head',
    });
    expect(decideDocumentType(null, '', undefined, { ...back, mrzTraceLines: ['RPGBRX1234567<<'] })).toMatchObject({
      type: 'residence_permit',
    });
    // No such state (QQQ), or a name row: no head.
    expect(decideDocumentType(null, '', undefined, { ...back, mrzTraceLines: ['IDQQQKG605Z87H8KK<<', 'ADAMS<<ANNA<<<'] })).toMatchObject({
      type: 'unknown',
      confidence: 0.1,
    });
  });

  it('calls a front with a data zone of three or more fields and no MRZ an identity card, a numbered one a licence', () => {
    // "carteotcenteteicentitycaro": the document's name garbled past recognition over a guilloche.
    const text = 'republiquefrancaise\ncarteotcenteteicentitycaro\nrousseau\nmarieclaire\n17/03/1951\nfra';
    expect(decideDocumentType(null, text, undefined, front(3))).toEqual({
      type: 'id_card',
      confidence: 0.55,
      requiresBackSide: true,
      basis: 'layout',
    });
    const licence = 'ukdrivinglcnce\n1. smith\n2. john\n3. 01.01.1980 london\n4a. 01.01.2020\n4b. 01.01.2030\n5. smith801010j99ab';
    expect(decideDocumentType(null, licence, undefined, front(4))).toMatchObject({ type: 'driver_license', basis: 'layout' });
    expect(decideDocumentType(null, text, undefined, front(2))).toMatchObject({ type: 'unknown', confidence: 0.1 });
    // A back or a passport page without its MRZ is not told by its data zone.
    expect(decideDocumentType(null, text, undefined, { ...front(5), side: 'back' })).toMatchObject({ type: 'unknown' });
    expect(decideDocumentType(null, text, undefined, { ...front(5), side: 'main' })).toMatchObject({ type: 'unknown' });
  });

  it('ranks below the MRZ and the printed wording, and is confident enough not to ask for a retake', () => {
    expect(decideDocumentType(null, 'reisepass', undefined, front(5))).toMatchObject({ type: 'passport', basis: 'printed-wording' });
    expect(decideDocumentType(mrz(TD1_DEU), '', undefined, front(5))).toMatchObject({ basis: 'mrz' });
    expect(problemsOf(decideDocumentType(null, '', undefined, front(3)))).not.toContain('LOW_DETECTION_CONFIDENCE');
    expect(problemsOf(decideDocumentType(null, '', undefined, front(2)))).toContain('LOW_DETECTION_CONFIDENCE');
  });

  it('counts the personal-data fields a visual zone gave, not its issue date or place of birth', () => {
    expect(
      personalDataFieldsOf({
        raw: {},
        text: '',
        surname: 'ROUSSEAU',
        birthDate: '1951-03-17',
        nationality: 'FRA',
        issueDate: '2020-01-01',
        placeOfBirth: 'NANTES',
      }),
    ).toBe(3);
    expect(personalDataFieldsOf({ raw: {}, text: '', surname: '' })).toBe(0);
  });
});

describe('MRZ/VIZ cross-check of the document number', () => {
  const vizWith = (documentNumber: string) => ({ raw: {}, text: '', documentNumber });
  it("takes a VIZ number with the passport row's state code (and document code) glued in front for the MRZ's", () => {
    // German number row "P  D  WKK4YF3WM" read as "P DWKK4YF3WM"; here the card's T22000129 with state D.
    for (const read of ['DT22000129', 'IDDT22000129', 'T22000129', 'T2200O129']) {
      expect(crossCheckMrzAndViz(mrz(TD1_DEU), vizWith(read))).toMatchObject({ compared: 1, agreed: 1, disagreements: [] });
    }
    for (const read of ['XT22000129', 'DT22000128', 'DDT22000129']) {
      expect(crossCheckMrzAndViz(mrz(TD1_DEU), vizWith(read)).disagreements).toHaveLength(1);
    }
  });
});

describe('side problems', () => {
  const base = {
    quality: { tooLow: false, reasons: [] },
    crossCheck: null,
    portrait: { checked: false as const, reason: 'x' },
    data: {},
    now,
  };

  it('TD1 MRZ on a front is a back uploaded as front; a card back without MRZ is MRZ_MISSING_BACK_SIDE', () => {
    const reading = mrz(TD1_DEU);
    const type = decideDocumentType(reading, '', undefined);
    expect(reading.valid).toBe(true);
    expect(
      judgeSideProblems({ ...base, side: 'front', type, mrzSearch: { candidateLines: TD1_DEU, traceLines: TD1_DEU, reading } }),
    ).toEqual(['WRONG_SIDE_BACK_UPLOADED']);
    const cardType = decideDocumentType(null, 'personalausweis', undefined);
    expect(
      judgeSideProblems({ ...base, side: 'back', type: cardType, mrzSearch: { candidateLines: [], traceLines: [], reading: null } }),
    ).toEqual(['MRZ_MISSING_BACK_SIDE']);
  });

  it('finds an MRZ by its date block when blur turned its fillers into letters, and not in a visual zone', () => {
    // A blurred, noisy card back (eval:documents seed 7, document 61): the lines came out short and without '<'.
    const blurredBack = VIZ_LINES(['LYON FRA', 'IDFRAG5T074FJP8', '7902240M340406', 'LEFEVREKKLOUIS']);
    const search = findMrz(blurredBack, now);
    // The line that opens like an MRZ's first one counts beside the date block, and names the document.
    expect(search).toMatchObject({ candidateLines: [], traceLines: ['7902240M340406', 'IDFRAG5T074FJP8'], reading: null });
    const type = decideDocumentType(null, '', undefined, { side: 'back', mrzTraceLines: search.traceLines, personalDataFields: 0 });
    expect(type).toMatchObject({ type: 'id_card', confidence: 0.6 });
    expect(judgeSideProblems({ ...base, side: 'back', type, mrzSearch: search })).toEqual(['MRZ_DATA_UNREADABLE']);
    // Alone, a line that opens like an MRZ is no trace of one.
    expect(findMrz(VIZ_LINES(['LYON FRA', 'IDFRAG5T074FJP8']), now).traceLines).toEqual([]);
    const front = VIZ_LINES(['Geburtsdatum/Date of birth', '24.02.1979', 'Gültig bis/Date of expiry', '06.04.2034', '790224 M 340406 D']);
    expect(findMrz(front, now).traceLines).toEqual([]);
  });

  it('a card back whose MRZ shows only in fragments has an unreadable MRZ, not a missing one', () => {
    const cardType = decideDocumentType(null, 'personalausweis', undefined);
    // OCR gave pieces of the lines ("IDGBRFHGFTF33L0<<", "WALKER<<GRACE<<<"), none long enough to be an MRZ line.
    const fragments = { candidateLines: [], traceLines: ['IDD<<T22000', 'MUSTERMANN<<ERIKA'], reading: null };
    expect(judgeSideProblems({ ...base, side: 'back', type: cardType, mrzSearch: fragments })).toEqual(['MRZ_DATA_UNREADABLE']);
  });

  it('reports an expired document, a missing portrait and low quality; no missing portrait on a photo too poor to show one', () => {
    const type = decideDocumentType(null, 'passport', undefined);
    const judged = (brightness: number) =>
      judgeSideProblems({
        ...base,
        side: 'main',
        type,
        mrzSearch: { candidateLines: [], traceLines: [], reading: null },
        quality: judgeQuality({ ...goodQuality, brightness }),
        portrait: { checked: true, found: false },
        data: { expiryDate: '2020-01-01' },
      });
    expect(judged(170)).toEqual(expect.arrayContaining(['MRZ_DATA_UNREADABLE', 'PORTRAIT_NOT_DETECTED', 'DOC_EXPIRED']));
    expect(judged(170)).not.toContain('DOCUMENT_QUALITY_TOO_LOW');
    // Too dark: the face the detector did not find may be there; the retake asked for is the quality's.
    expect(judged(20)).toEqual(expect.arrayContaining(['DOCUMENT_QUALITY_TOO_LOW', 'MRZ_DATA_UNREADABLE', 'DOC_EXPIRED']));
    expect(judged(20)).not.toContain('PORTRAIT_NOT_DETECTED');
  });

  it('asks no retake for a missing portrait on a page whose MRZ was read valid (an infrared capture): review at submit', () => {
    // mrz-real-dev's BLR specimen under infrared light: the MRZ reads with every check digit, no face shows.
    const lines = ['P<BLRIVANOVA<<TATSIANA<<<<<<<<<<<<<<<<<<<<<<', '0000000000BLR7001017F15010104010160B000PB326'];
    const valid = mrz(lines);
    expect(valid.valid).toBe(true);
    const type = decideDocumentType(valid, '', 'passport');
    const judge = (reading: MrzReading) =>
      judgeSideProblems({
        ...base,
        side: 'main',
        type,
        mrzSearch: { candidateLines: lines, traceLines: lines, reading },
        portrait: { checked: true, found: false },
      });
    expect(judge(valid)).not.toContain('PORTRAIT_NOT_DETECTED');
    // One check digit failing: the page was not read as printed, so the missing face may be the capture's fault too.
    const misread = mrz([lines[0], '0000000000BLR7001017F15010104010160B000PB327']);
    expect(misread.valid).toBe(false);
    expect(judge(misread)).toEqual(expect.arrayContaining(['MRZ_DATA_UNREADABLE', 'PORTRAIT_NOT_DETECTED']));
  });

  it('does not ask for a sharper card back whose MRZ was read with every check digit passing', () => {
    const reading = mrz(TD1_DEU);
    const type = decideDocumentType(reading, '', undefined);
    const blurred = judgeQuality({ ...goodQuality, blur: 10 });
    expect(blurred.tooLow).toBe(true);
    const judge = (mrzReading: MrzReading) =>
      judgeSideProblems({
        ...base,
        side: 'back',
        type,
        quality: blurred,
        mrzSearch: { candidateLines: TD1_DEU, traceLines: TD1_DEU, reading: mrzReading },
      });
    expect(judge(reading)).toEqual([]);
    // One failed check digit: the blur may be why, so the retake is asked for.
    const misread = mrz([TD1_DEU[0], '6408125<2010316D<<<<<<<<<<<<<4', TD1_DEU[2]]);
    expect(misread.valid).toBe(false);
    expect(judge(misread)).toEqual(expect.arrayContaining(['DOCUMENT_QUALITY_TOO_LOW', 'MRZ_DATA_UNREADABLE']));
  });

  it('asks for a retake of a side whose valid MRZ names nobody: its name line read as filler misreads, no printed name', () => {
    const lines = ['IDD<<T220001293<<<<<<<<<<<<<<<', '6408125<2010315D<<<<<<<<<<<<<4', 'MUSTERMANNKKERIKAKKKKKKCKKKKKK'];
    const reading = mrz(lines);
    expect(reading.valid).toBe(true);
    const type = decideDocumentType(reading, '', undefined);
    const judge = (quality: ReturnType<typeof judgeQuality>, data = buildExtractedData(reading, { raw: {}, text: '' })) =>
      judgeSideProblems({ ...base, side: 'back', type, quality, data, mrzSearch: { candidateLines: lines, traceLines: lines, reading } });
    expect(judge(judgeQuality(goodQuality))).toContain('MRZ_DATA_UNREADABLE'); // beside DOC_EXPIRED: the specimen expired in 2020
    // Not read in full, so a blurred photo's quality is asked for too.
    expect(judge(judgeQuality({ ...goodQuality, blur: 10 }))).toEqual(
      expect.arrayContaining(['DOCUMENT_QUALITY_TOO_LOW', 'MRZ_DATA_UNREADABLE']),
    );
    // The visual zone's name stands in: nothing to retake for.
    expect(judge(judgeQuality(goodQuality), { lastName: 'MUSTERMANN', firstName: 'ERIKA' })).toEqual([]);
  });

  it('raises MRZ_CROSS_LOW_SCORE when the visual zone names someone else', () => {
    const reading = mrz(TD1_DEU);
    const viz = readViz(VIZ_LINES(['Name/Surname: SCHMIDT', 'Vornamen/Given names: PETER', 'Geburtsdatum/Date of birth: 01.01.1990']));
    const crossCheck = crossCheckMrzAndViz(reading, viz);
    expect(crossCheck.score).toBe(0);
    const type = decideDocumentType(reading, '', undefined);
    expect(
      judgeSideProblems({ ...base, side: 'back', type, mrzSearch: { candidateLines: TD1_DEU, traceLines: TD1_DEU, reading }, crossCheck }),
    ).toContain('MRZ_CROSS_LOW_SCORE');
    const agreeing = crossCheckMrzAndViz(reading, readViz(VIZ_LINES(['Name: MUSTERMANN', 'Vornamen: ERIKA', 'Geburtsdatum: 12.08.1964'])));
    expect(agreeing).toMatchObject({ compared: 3, agreed: 3 });
  });

  /** The problems of the German card's back (TD1_DEU) beside a visual zone of these lines. */
  const judgeBesideViz = (vizLines: string[]) => {
    const reading = mrz(TD1_DEU);
    return judgeSideProblems({
      ...base,
      side: 'back',
      type: decideDocumentType(reading, '', undefined),
      mrzSearch: { candidateLines: TD1_DEU, traceLines: TD1_DEU, reading },
      crossCheck: crossCheckMrzAndViz(reading, readViz(VIZ_LINES(vizLines))),
    });
  };

  it('raises MRZ_CROSS_LOW_SCORE for a printed date that differs from the MRZ one, even when the names agree', () => {
    expect(judgeBesideViz(['Name: MUSTERMANN', 'Vornamen: ERIKA', 'Geburtsdatum: 12.08.1966'])).toContain('MRZ_CROSS_LOW_SCORE');
    expect(judgeBesideViz(['Name: MUSTERMANN', 'Vornamen: ERIKO', 'Geburtsdatum: 12.08.1964'])).not.toContain('MRZ_CROSS_LOW_SCORE');
  });

  it('raises MRZ_CROSS_LOW_SCORE for a printed surname other than the MRZ one, everything else agreeing; not for a misread by one letter', () => {
    expect(judgeBesideViz(['Name: MUSTERFRAU', 'Vornamen: ERIKA', 'Geburtsdatum: 12.08.1964'])).toContain('MRZ_CROSS_LOW_SCORE');
    expect(judgeBesideViz(['Name: MUSTERMAN', 'Vornamen: ERIKA', 'Geburtsdatum: 12.08.1964'])).not.toContain('MRZ_CROSS_LOW_SCORE');
    expect(judgeBesideViz(['Name: MUSTERMANN', 'Vornamen: ERIKA MARIA', 'Geburtsdatum: 12.08.1964'])).not.toContain('MRZ_CROSS_LOW_SCORE');
  });
});

describe('MRZ names against the printed names of the same side', () => {
  it('compares in ICAO 9303 transliteration: umlauts, ß and accents are the same name, a changed letter is not', () => {
    expect(compareNames('MUELLER', 'Müller')).toBe('same');
    expect(compareNames('MULLER', 'Müller')).toBe('same'); // Ü→U, the other transliteration ICAO allows
    expect(compareNames('STRASSE', 'Straße')).toBe('same');
    expect(compareNames('POELZL', 'POLZL')).toBe('same'); // the printed Ö read without its dots
    expect(compareNames('MATTHAEUS', 'Matthaus')).toBe('same');
    expect(compareNames('BERENGER', 'Bérénger')).toBe('same');
    expect(compareNames('JEAN<LUC', 'Jean-Luc')).toBe('same');
    expect(compareNames('WOLFESCHLEGELSTEINHAUSENBERGERD', 'Wolfeschlegelsteinhausenbergerdorff')).toBe('same'); // truncated
    expect(compareNames('MUSTERNANN', 'MUSTERMANN')).toBe('one_letter_apart');
    expect(compareNames('NARIA', 'Maria')).toBe('one_letter_apart');
    expect(compareNames('MUELER', 'Müller')).toBe('one_letter_apart');
    expect(compareNames('SCHMIDT', 'MUSTERMANN')).toBe('different');
  });

  /** The signals of the German card's back (TD1_DEU, or other lines) beside a visual zone of these lines. */
  const signalsBesideViz = (vizLines: string[], lines = TD1_DEU) => {
    const reading = mrz(lines);
    return collectAuthenticitySignals({
      mrz: reading,
      crossCheck: crossCheckMrzAndViz(reading, readViz(VIZ_LINES(vizLines))),
      foldedText: '',
      now,
      data: buildExtractedData(reading, readViz(VIZ_LINES(vizLines))),
      quality: goodQuality,
    });
  };

  it('sends a name one letter apart from the printed one to review: no check digit says which zone is right', () => {
    const misread = [TD1_DEU[0], TD1_DEU[1], 'MUSTERNANN<<ERIKA<<<<<<<<<<<<<'];
    const signals = signalsBesideViz(['Name: MUSTERMANN', 'Vornamen: ERIKA', 'Geburtsdatum: 12.08.1964'], misread);
    expect(signals).toContainEqual(expect.objectContaining({ code: 'MRZ_VIZ_MISMATCH', severity: 'medium' }));
    expect(signals.find((s) => s.severity !== 'low')?.detail).toContain("MRZ 'MUSTERNANN' vs VIZ 'MUSTERMANN'");
    // The printed given name misread instead: the same doubt, the same review.
    expect(signalsBesideViz(['Name: MUSTERMANN', 'Vornamen: ERIKO', 'Geburtsdatum: 12.08.1964']).some((s) => s.severity === 'medium')).toBe(
      true,
    );
  });

  it('raises nothing for names that agree in ICAO transliteration', () => {
    const quiet = (vizLines: string[]) => signalsBesideViz(vizLines).filter((s) => s.code === 'MRZ_VIZ_MISMATCH');
    expect(quiet(['Name: MUSTERMANN', 'Vornamen: ERIKA', 'Geburtsdatum: 12.08.1964'])).toEqual([]);
    const umlaut = ['IDD<<T220001293<<<<<<<<<<<<<<<', '6408125<2010315D<<<<<<<<<<<<<4', 'MUELLER<<JUERGEN<<<<<<<<<<<<<<'];
    expect(
      signalsBesideViz(['Name: MÜLLER', 'Vornamen: JÜRGEN', 'Geburtsdatum: 12.08.1964'], umlaut).filter(
        (s) => s.code === 'MRZ_VIZ_MISMATCH',
      ),
    ).toEqual([]);
  });
});

describe('authenticity signals', () => {
  it('catch impossible dates, bad country codes, greyscale copies', () => {
    const reading = mrz(['P<XYZERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36XYZ7408122F1204159ZE184226B<<<<<10']);
    const signals = collectAuthenticitySignals({
      mrz: reading,
      crossCheck: null,
      foldedText: '',
      now,
      data: { dateOfBirth: '2030-01-01', issueDate: '2025-01-01', expiryDate: '2024-01-01' },
      quality: { ...goodQuality, saturation: 0.01, colourfulShare: 0.001 },
    });
    const codes = signals.map((s) => s.code);
    expect(codes).toEqual(
      expect.arrayContaining(['INVALID_COUNTRY_CODE', 'BIRTH_IN_FUTURE', 'ISSUE_AFTER_EXPIRY', 'BIRTH_AFTER_ISSUE', 'GREYSCALE_COPY']),
    );
    expect(signals.every((s) => s.detail.length > 0)).toBe(true);
  });

  it('stay quiet for a clean, consistent document', () => {
    const reading = mrz(TD1_DEU);
    const data = buildExtractedData(reading, readViz([]));
    expect(
      collectAuthenticitySignals({
        mrz: reading,
        crossCheck: null,
        foldedText: '',
        now,
        data: { ...data, expiryDate: '2030-03-15' },
        quality: goodQuality,
      }),
    ).toEqual([]);
  });
});

describe('extractedData', () => {
  it('takes the MRZ first, the visual zone for what the MRZ lacks, and trims for submit', () => {
    const reading = mrz(TD1_DEU);
    const viz = readViz(
      VIZ_LINES(['Geburtsort/Place of birth: BERLIN', 'Ausstellungsdatum/Date of issue: 01.03.2020', 'Name: MUSTERFRAU']),
    );
    const data = buildExtractedData(reading, viz);
    expect(data).toMatchObject({
      lastName: 'MUSTERMANN',
      firstName: 'ERIKA',
      fullName: 'ERIKA MUSTERMANN',
      dateOfBirth: '1964-08-12',
      nationality: 'DEU',
      documentNumber: 'T22000129',
      expiryDate: '2020-10-31',
      placeOfBirth: 'BERLIN',
      issueDate: '2020-03-01',
    });
    expect(data.sex).toBeUndefined(); // MRZ filler = unspecified, and the visual zone printed none
    expect(Object.keys(toSubmitExtractedData({ ...data, sex: 'F' })).sort()).toEqual([
      'dateOfBirth',
      'firstName',
      'fullName',
      'lastName',
      'nationality',
      'sex',
    ]);
  });
});

describe('document type from printed wording read with an OCR slip', () => {
  it('recognises a long wording with one letter wrong, lost or extra, never a short one or two slips', () => {
    // A card front whose small-caps title came out of the OCR glued and with one letter wrong.
    expect(decideDocumentType(null, 'bundesrepublikdeutschland\npersonalauswezsiiolntttycaro\nschroder', undefined)).toMatchObject({
      type: 'id_card',
      basis: 'printed-wording',
    });
    expect(decideDocumentType(null, 'residence permt', undefined)).toMatchObject({ type: 'residence_permit' });
    expect(decideDocumentType(null, 'pasport', undefined)).toMatchObject({ type: 'unknown' });
    expect(decideDocumentType(null, 'personalauwezs', undefined)).toMatchObject({ type: 'unknown' });
  });

  it('matches a wording with an apostrophe when the OCR lost it and a letter: "carte d\'identite" cut at the photo\'s edge', () => {
    expect(decideDocumentType(null, 'iden artedidentite\nsurname/nom\nsmith', undefined)).toMatchObject({
      type: 'id_card',
      basis: 'printed-wording',
    });
  });
});
