import { validateMrz } from '@kyc/document-generator';
import type { DocumentAnalyzer } from './analyzer';
import { runGeneratedSet, runUnusableCaptures, summarizeGenerated } from './generated-eval';

jest.setTimeout(120_000);

describe('runGeneratedSet', () => {
  it('generates, analyzes every image with its declared side and date, and survives a throwing analyzer', async () => {
    const calls: { side: string; now?: Date; bytes: number }[] = [];
    const analyzer: DocumentAnalyzer = async (image, opts) => {
      calls.push({ side: opts.side, now: opts.now, bytes: image.length });
      if (calls.length === 2) throw new Error('analyzer crashed');
      return {
        detectedDocumentType: 'unknown',
        detectionConfidence: 0,
        requiresBackSide: false,
        mrz: null,
        extractedData: {},
        problems: [],
        authenticitySignals: [],
        timingsMs: { total: 0 },
      };
    };
    const records = await runGeneratedSet(analyzer, { documents: 3, seed: 4, portraits: [], faultRate: 0 });
    expect(records.length).toBe(calls.length);
    expect(records.length).toBeGreaterThanOrEqual(3);
    expect(calls.every((c) => c.bytes > 10_000 && c.now?.toISOString() === '2026-01-01T12:00:00.000Z')).toBe(true);
    expect(records.map((r) => r.truth.uploadedAs)).toEqual(calls.map((c) => c.side));
    expect(records[1].error).toBe('analyzer crashed');
    for (const r of records) if (r.truth.mrz) expect(validateMrz(r.truth.mrz.lines).valid).toBe(true);
    const report = summarizeGenerated(records);
    expect(report.analyzerErrors).toBe(1);
    expect(report.mrz.exactLineRate).toBe(0);
    expect(report.documents).toBe(3);
  });
});

/** Names every image an identity card and reads nothing from it: what a document's sides are compared or merged by is the test's own. */
const readsNothing: DocumentAnalyzer = async () => ({
  detectedDocumentType: 'id_card',
  detectionConfidence: 0.9,
  requiresBackSide: true,
  mrz: null,
  extractedData: {},
  problems: [],
  authenticitySignals: [],
  timingsMs: { total: 0 },
});

describe('DOCUMENT_MIXING_SUSPECTED', () => {
  it("compares each card's front and back at the second upload and scores the code there", async () => {
    const compared: number[] = [];
    // Says "mixed" for every pair, so each compared card that is not a mixing fault is a false positive.
    const records = await runGeneratedSet(readsNothing, {
      documents: 6,
      seed: 19,
      portraits: [],
      faultRate: 1,
      compareSides: () => {
        compared.push(1);
        return { mixingSuspected: true };
      },
    });
    const withComparison = records.filter((r) => r.sideComparison);
    const cards = new Set(records.filter((r) => r.truth.uploadedAs === 'back').map((r) => r.truth.documentId));
    expect(withComparison.length).toBe(compared.length);
    expect(withComparison.every((r) => r.truth.documentType === 'id_card')).toBe(true);
    // The completing upload is the back here: the generator writes the front first.
    expect(withComparison.map((r) => r.truth.documentId).sort()).toEqual(
      [...cards].filter((id) => records.some((r) => r.truth.documentId === id && r.truth.uploadedAs === 'front')).sort(),
    );
    const mixed = withComparison.filter((r) => r.truth.documentProblems.includes('DOCUMENT_MIXING_SUSPECTED')).length;
    expect(mixed).toBeGreaterThan(0);
    const report = summarizeGenerated(records);
    expect(report.problems.DOCUMENT_MIXING_SUSPECTED).toMatchObject({
      truePositives: mixed,
      falsePositives: withComparison.length - mixed,
      falseNegatives: 0,
    });
    expect(report.documentLevelCodesNotScored.DOCUMENT_MIXING_SUSPECTED).toBeUndefined();
  });
});

describe('fields per document', () => {
  it("scores each document's merged sides against the union of its sides' truth, leaving out the pairing and mismatch faults", async () => {
    const merged: number[] = [];
    const records = await runGeneratedSet(readsNothing, {
      documents: 6,
      seed: 19,
      portraits: [],
      faultRate: 1,
      mergeSides: (sides) => {
        merged.push(sides.length);
        return { sex: 'M' };
      },
    });
    const byDocument = new Map<string, number>();
    for (const r of records) byDocument.set(r.truth.documentId, (byDocument.get(r.truth.documentId) ?? 0) + 1);
    // Once per document, on its last image, with every side analysed.
    expect(merged).toEqual([...byDocument.values()]);
    const report = summarizeGenerated(records);
    const kept = records.filter(
      (r) =>
        r.documentExtractedData &&
        r.truth.fieldsScoreable &&
        !r.truth.faults.some((f) =>
          ['front_back_different_people', 'back_uploaded_as_front', 'front_uploaded_as_back', 'viz_mrz_mismatch'].includes(f),
        ),
    );
    expect(kept.length).toBeLessThan(byDocument.size);
    expect(report.documentFields?.documents).toBe(kept.length);
    // Issue date and place of birth are printed on a passport page or a card's back: every kept document has them.
    expect(report.documentFields?.perFieldImages.placeOfBirth).toBe(kept.length);
    const men = kept.filter((r) => records.find((x) => x.truth.documentId === r.truth.documentId)?.truth.extractedData.sex === 'M').length;
    expect(report.documentFields?.perField.sex).toBeCloseTo(men / kept.length, 5);
    expect(summarizeGenerated(records.map(({ documentExtractedData: _, ...r }) => r)).documentFields).toBeNull();
  });
});

describe('latency in the OCR models', () => {
  it("reports each image's time in the models from the analyzer's clock, and nothing without one", async () => {
    const clock = { detectionMs: 0, recognitionMs: 0 };
    let image = 0;
    // The k-th image spends k ms in detection and 10·k ms in recognition.
    const clockedReader: DocumentAnalyzer = async (bytes, opts) => {
      image += 1;
      clock.detectionMs += image;
      clock.recognitionMs += 10 * image;
      return readsNothing(bytes, opts);
    };
    const records = await runGeneratedSet(clockedReader, {
      documents: 2,
      seed: 23,
      portraits: [],
      faultRate: 0,
      ocrModelTime: () => ({ ...clock }),
    });
    expect(records.map((r) => r.ocrModelMs)).toEqual(records.map((_, k) => 11 * (k + 1)));
    expect(records.every((r) => r.latencyMs >= 0)).toBe(true);
    const inModels = summarizeGenerated(records).latency.inOcrModels;
    expect(inModels).toEqual({
      p50Ms: 11 * Math.ceil(records.length / 2),
      p95Ms: 11 * records.length,
      meanMs: (11 * (records.length + 1)) / 2,
    });

    const unclocked = await runGeneratedSet(readsNothing, { documents: 1, seed: 23, portraits: [], faultRate: 0 });
    expect(unclocked.every((r) => r.ocrModelMs === null)).toBe(true);
    expect(summarizeGenerated(unclocked).latency.inOcrModels).toBeNull();
  });
});

describe('fields on uploads accepted as they are', () => {
  it('scores only the images the analysis raised no problem on, and says what share they are', async () => {
    // Reads every field right on the uploads it accepts, asks for a retake of every other image and reads nothing there.
    let call = 0;
    const retakeEveryOther: DocumentAnalyzer = async () => {
      call += 1;
      return call % 2 === 0
        ? {
            detectedDocumentType: 'id_card',
            detectionConfidence: 0.2,
            requiresBackSide: true,
            mrz: null,
            extractedData: {},
            problems: ['LOW_DETECTION_CONFIDENCE'],
            authenticitySignals: [],
            timingsMs: { total: 0 },
          }
        : {
            detectedDocumentType: 'id_card',
            detectionConfidence: 0.9,
            requiresBackSide: true,
            mrz: null,
            extractedData: { sex: 'M' },
            problems: [],
            authenticitySignals: [],
            timingsMs: { total: 0 },
          };
    };
    const records = await runGeneratedSet(retakeEveryOther, { documents: 4, seed: 19, portraits: [], faultRate: 0 });
    const report = summarizeGenerated(records);
    const accepted = records.filter((r) => r.truth.fieldsScoreable && r.analysis?.problems.length === 0);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThan(report.fields.images);
    expect(report.acceptedFields.images).toBe(accepted.length);
    expect(report.acceptedFields.share).toBeCloseTo(accepted.length / report.fields.images, 5);
    const men = accepted.filter((r) => r.truth.extractedData.sex === 'M').length;
    expect(report.acceptedFields.perField.sex).toBeCloseTo(men / accepted.length, 5);
    expect(report.acceptedFields.errors.fullName.missing).toBe(accepted.length); // the retaken images are not counted
  });
});

describe('runUnusableCaptures', () => {
  it('uploads each kind in turn as a front, on the reference date, and survives a throwing analyzer', async () => {
    const calls: { side: string; now?: Date }[] = [];
    const analyzer: DocumentAnalyzer = async (_image, opts) => {
      calls.push({ side: opts.side, now: opts.now });
      if (calls.length === 3) throw new Error('analyzer crashed');
      return {
        detectedDocumentType: 'unknown',
        detectionConfidence: 0.1,
        requiresBackSide: true,
        mrz: null,
        extractedData: {},
        problems: ['LOW_DETECTION_CONFIDENCE'],
        authenticitySignals: [],
        timingsMs: { total: 0 },
      };
    };
    const captures = await runUnusableCaptures(analyzer, { count: 6, seed: 4, portraits: [] });
    expect(captures.map((c) => c.truth.kind)).toEqual(['too_dark', 'too_small', 'no_document', 'blank_page', 'no_portrait', 'too_dark']);
    expect(calls.every((c) => c.side === 'front' && c.now?.toISOString() === '2026-01-01T12:00:00.000Z')).toBe(true);
    expect(captures[2].error).toBe('analyzer crashed');
    const report = summarizeGenerated([], captures);
    expect(report.unusableCaptures.kinds.no_document).toEqual({ images: 1, expected: ['LOW_DETECTION_CONFIDENCE'], allExpectedRaised: 0 });
    expect(report.unusableCaptures.kinds.blank_page?.allExpectedRaised).toBe(1);
    expect(report.problems.DOCUMENT_QUALITY_TOO_LOW).toMatchObject({ truePositives: 0, falseNegatives: 3 });
    // This analyzer checks no portraits, so the missing one cannot be scored against it.
    expect(report.problems.PORTRAIT_NOT_DETECTED).toBeUndefined();
    expect(report.unusableCaptures.kinds.no_portrait).toBeUndefined();
    expect(report.unusableCaptures.portraitsChecked).toBe(false);
  });
});
