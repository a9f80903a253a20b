import sharp from 'sharp';
import { labelsCsv } from './batch';
import { ALL_DEGRADATIONS } from './degrade/degradations';
import { FAULT_CODES } from './faults';
import { generateDocument, GeneratorInputError } from './generate';
import { validateMrz } from './mrz/validate';

jest.setTimeout(120_000);

describe('generateDocument', () => {
  it('is deterministic: same seed and index give the same bytes, another seed differs', async () => {
    const a = await generateDocument({ seed: 11, index: 3, degrade: 'mixed' });
    const b = await generateDocument({ seed: 11, index: 3, degrade: 'mixed' });
    const c = await generateDocument({ seed: 12, index: 3, degrade: 'mixed' });
    expect(a.images.map((i, k) => i.jpeg.equals(b.images[k].jpeg))).toEqual(a.images.map(() => true));
    expect(a.images.map((i) => i.truth)).toEqual(b.images.map((i) => i.truth));
    expect(c.images[0].jpeg.equals(a.images[0].jpeg)).toBe(false);
  });

  it('writes ground-truth MRZ whose check digits (incl. composite) all pass, for passports and ID cards', async () => {
    for (const documentType of ['passport', 'id_card'] as const) {
      const doc = await generateDocument({ seed: 5, index: 0, documentType });
      const withMrz = doc.images.filter((i) => i.truth.mrz);
      expect(withMrz).toHaveLength(1);
      const mrz = withMrz[0].truth.mrz!;
      expect(mrz.format).toBe(documentType === 'passport' ? 'TD3' : 'TD1');
      expect(mrz.valid).toBe(true);
      expect(validateMrz(mrz.lines).valid).toBe(true);
      expect(doc.images.every((i) => i.truth.expectedProblems.length === 0)).toBe(true);
    }
    const card = await generateDocument({ seed: 5, index: 1, documentType: 'id_card' });
    expect(card.images.map((i) => [i.truth.side, i.truth.requiresBackSide])).toEqual([
      ['front', true],
      ['back', true],
    ]);
  });

  it('classic: expects issue date and place of birth only on the sides that print them (passport page, card back)', async () => {
    const passport = (await generateDocument({ seed: 5, index: 2, documentType: 'passport', layout: 'classic' })).images[0].truth
      .extractedData;
    expect(passport.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(passport.issueDate! < passport.expiryDate).toBe(true);
    expect(passport.placeOfBirth).toEqual(expect.any(String));
    const [front, back] = (await generateDocument({ seed: 5, index: 2, documentType: 'id_card', layout: 'classic' })).images.map(
      (i) => i.truth.extractedData,
    );
    expect(front.issueDate).toBeUndefined();
    expect(front.placeOfBirth).toBeUndefined();
    expect(back.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(back.placeOfBirth).toEqual(expect.any(String));
  });

  it.each(ALL_DEGRADATIONS)('degradation %s yields a decodable JPEG of sane size', async (kind) => {
    const doc = await generateDocument({ seed: 2, index: 0, documentType: 'id_card', degrade: [kind] });
    for (const image of doc.images) {
      const meta = await sharp(image.jpeg).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBe(image.truth.image.width);
      expect(meta.width!).toBeGreaterThan(600);
      expect(meta.height!).toBeGreaterThan(350);
      expect(image.truth.degradations.map((d) => d.kind)).toEqual([kind]);
    }
  });

  it('a degraded image really differs from the clean one', async () => {
    const clean = await generateDocument({ seed: 2, index: 0, documentType: 'passport' });
    const blurred = await generateDocument({ seed: 2, index: 0, documentType: 'passport', degrade: ['blur'] });
    const a = await sharp(clean.images[0].jpeg).greyscale().raw().toBuffer();
    const b = await sharp(blurred.images[0].jpeg).greyscale().raw().toBuffer();
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff += Math.abs(a[i] - b[i]);
    expect(diff / a.length).toBeGreaterThan(1);
  });
});

describe('fault options', () => {
  const reference = '2026-01-01';

  it('wrong check digit: MRZ printed invalid, expected MRZ problem and signal', async () => {
    const doc = await generateDocument({ seed: 3, index: 0, documentType: 'passport', faults: ['wrong_check_digit'] });
    const truth = doc.images[0].truth;
    expect(truth.mrz!.valid).toBe(false);
    expect(validateMrz(truth.mrz!.lines).valid).toBe(false);
    expect(truth.expectedProblems).toEqual(FAULT_CODES.wrong_check_digit.problems);
    expect(truth.expectedSignals).toEqual(['CHECK_DIGIT_FAILED']);
  });

  it('expired: expiry before the reference date, DOC_EXPIRED on every side that shows it', async () => {
    const doc = await generateDocument({ seed: 3, index: 1, documentType: 'id_card', faults: ['expired'], referenceDate: reference });
    for (const image of doc.images) {
      expect(image.truth.extractedData.expiryDate < reference).toBe(true);
      expect(image.truth.expectedProblems).toContain('DOC_EXPIRED');
    }
    expect(doc.images[1].truth.mrz!.valid).toBe(true);
  });

  it('issue after expiry, VIZ/MRZ mismatch', async () => {
    const late = await generateDocument({ seed: 3, index: 2, documentType: 'passport', faults: ['issue_after_expiry'] });
    expect(late.images[0].truth.expectedSignals).toEqual(['ISSUE_AFTER_EXPIRY']);
    const mismatch = await generateDocument({ seed: 3, index: 3, documentType: 'passport', faults: ['viz_mrz_mismatch'] });
    expect(mismatch.images[0].truth.expectedProblems).toEqual(['MRZ_CROSS_LOW_SCORE']);
    expect(mismatch.images[0].truth.fieldsScoreable).toBe(false);
    const cardMismatch = await generateDocument({ seed: 3, index: 3, documentType: 'id_card', faults: ['viz_mrz_mismatch'] });
    const [front, back] = cardMismatch.images.map((i) => i.truth.extractedData);
    expect(front.lastName !== back.lastName || front.dateOfBirth !== back.dateOfBirth).toBe(true);
    expect(cardMismatch.images[0].truth.documentProblems).toEqual(['MRZ_CROSS_LOW_SCORE']);
  });

  it('front and back of different people; back uploaded as front', async () => {
    const mixed = await generateDocument({ seed: 3, index: 4, documentType: 'id_card', faults: ['front_back_different_people'] });
    const [front, back] = mixed.images.map((i) => i.truth.extractedData);
    expect(`${front.lastName}${front.dateOfBirth}`).not.toBe(`${back.lastName}${back.dateOfBirth}`);
    expect(mixed.images[0].truth.documentProblems).toEqual(['DOCUMENT_MIXING_SUSPECTED']);
    const wrongSide = await generateDocument({ seed: 3, index: 5, documentType: 'id_card', faults: ['back_uploaded_as_front'] });
    const uploadedFront = wrongSide.images.find((i) => i.truth.uploadedAs === 'front')!.truth;
    expect(uploadedFront.side).toBe('back');
    expect(uploadedFront.mrz).not.toBeNull();
    expect(uploadedFront.expectedProblems).toEqual(['WRONG_SIDE_BACK_UPLOADED']);
  });

  it('ordinary documents never come from UTO, the ICAO specimen state', async () => {
    const countries = new Set<string>();
    for (let index = 0; index < 12; index++) {
      const doc = await generateDocument({ seed: 2026, index, documentType: 'passport' });
      countries.add(doc.images[0].truth.issuingCountry);
      expect(doc.images[0].truth.expectedSignals).not.toContain('SPECIMEN_DOCUMENT');
    }
    expect(countries.has('UTO')).toBe(false);
    expect(countries.size).toBeGreaterThanOrEqual(4);
  });

  it('specimen: issued by UTO, SPECIMEN_DOCUMENT expected where the MRZ says so, deterministically', async () => {
    const passport = await generateDocument({ seed: 3, index: 6, documentType: 'passport', faults: ['specimen'] });
    const again = await generateDocument({ seed: 3, index: 6, documentType: 'passport', faults: ['specimen'] });
    expect(passport.images[0].jpeg.equals(again.images[0].jpeg)).toBe(true);
    const truth = passport.images[0].truth;
    expect(truth.issuingCountry).toBe('UTO');
    expect(truth.mrz!.lines[0].slice(2, 5)).toBe('UTO');
    expect(truth.expectedSignals).toEqual(['SPECIMEN_DOCUMENT']);
    const card = await generateDocument({ seed: 3, index: 6, documentType: 'id_card', faults: ['specimen'] });
    expect(card.images.map((i) => [i.truth.side, i.truth.expectedSignals])).toEqual([
      ['front', []],
      ['back', ['SPECIMEN_DOCUMENT']],
    ]);
    const explicit = await generateDocument({ seed: 3, index: 7, documentType: 'passport', country: 'UTO' });
    expect(explicit.images[0].truth.expectedSignals).toEqual(['SPECIMEN_DOCUMENT']);
  });

  it('greyscale copy: every image a one-channel JPEG, GREYSCALE_COPY expected on each', async () => {
    const doc = await generateDocument({ seed: 3, index: 8, documentType: 'id_card', faults: ['greyscale_copy'] });
    for (const image of doc.images) {
      expect((await sharp(image.jpeg).metadata()).channels).toBe(1);
      expect(image.truth.expectedSignals).toEqual(['GREYSCALE_COPY']);
    }
  });

  it('front uploaded as back: the "back" has no MRZ and MRZ_MISSING_BACK_SIDE is expected there', async () => {
    const doc = await generateDocument({ seed: 3, index: 9, documentType: 'id_card', faults: ['front_uploaded_as_back'] });
    expect(doc.images.map((i) => [i.truth.side, i.truth.uploadedAs])).toEqual([
      ['front', 'front'],
      ['front', 'back'],
    ]);
    const asBack = doc.images[1].truth;
    expect(asBack.mrz).toBeNull();
    expect(asBack.expectedProblems).toEqual(['MRZ_MISSING_BACK_SIDE']);
    expect(doc.images[0].truth.expectedProblems).toEqual([]);
  });

  it('rejects two-sided faults on a passport with a typed error', async () => {
    await expect(
      generateDocument({ seed: 1, index: 0, documentType: 'passport', faults: ['back_uploaded_as_front'] }),
    ).rejects.toBeInstanceOf(GeneratorInputError);
  });
});

describe('labelsCsv', () => {
  it('writes the outside-set columns file,mrz with lines joined by |', async () => {
    const doc = await generateDocument({ seed: 9, index: 0, documentType: 'id_card' });
    const csv = labelsCsv(doc.images.map((i) => i.truth))
      .trim()
      .split('\n');
    expect(csv[0].startsWith('file,mrz,')).toBe(true);
    expect(csv[1].split(',').slice(0, 2)).toEqual([doc.images[0].truth.file, '']);
    expect(csv[2].split(',')[1]).toBe(doc.images[1].truth.mrz!.lines.join('|'));
  });
});
