import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UNUSABLE_CAPTURE_PROBLEMS } from '@kyc/document-generator';
import type { ImageGroundTruth } from '@kyc/document-generator';
import { loadAnalyzer } from './analyzer';
import type { SideAnalysis } from './analyzer';
import { summarizeGenerated } from './generated-eval';
import type { CaptureRecord, GeneratedRecord } from './generated-eval';
import { summarizeLabelled } from './labelled-eval';
import type { LabelledRecord } from './labelled-eval';

const LINES = ['P<UTONAKAMURA<<ADA<<<<<<<<<<<<<<<<<<<<<<<<<<', 'R4JP490JK3UTO5303094F2911157<<<<<<<<<<<<<<04'];

function truth(id: string, degraded: boolean, problems: string[] = []): ImageGroundTruth {
  return {
    id,
    documentId: id,
    file: `${id}.jpg`,
    seed: 1,
    layout: 'classic',
    referenceDate: '2026-01-01',
    documentType: 'passport',
    side: 'main',
    uploadedAs: 'main',
    issuingCountry: 'UTO',
    requiresBackSide: false,
    mrz: { format: 'TD3', lines: LINES, valid: true },
    extractedData: {
      firstName: 'Ada',
      lastName: 'Nakamura',
      dateOfBirth: '1953-03-09',
      documentNumber: 'R4JP490JK',
      nationality: 'UTO',
      sex: 'F',
      expiryDate: '2029-11-15',
      issueDate: '2019-11-16',
      placeOfBirth: 'Northport',
      issuingCountry: 'UTO',
      documentType: 'passport',
    },
    fieldsScoreable: true,
    expectedProblems: problems,
    expectedSignals: [],
    documentProblems: [],
    faults: [],
    degradations: degraded ? [{ kind: 'blur', params: { sigma: 2 } }] : [],
    image: { width: 10, height: 10 },
  };
}

function analysis(lines: string[] | null, problems: string[] = []): SideAnalysis {
  return {
    detectedDocumentType: 'passport',
    detectionConfidence: 0.9,
    requiresBackSide: false,
    mrz: lines ? { format: 'TD3', lines, valid: true, fields: { issuingState: { value: 'UTO', valid: true } } } : null,
    extractedData: {
      fullName: 'ADA NAKAMURA',
      firstName: 'ADA',
      lastName: 'NAKAMURA',
      dateOfBirth: '1953-03-09',
      documentNumber: 'R4JP490JK',
      nationality: 'UTO',
      sex: 'F',
      expiryDate: '2029-11-15',
      issueDate: '2019-11-16',
      placeOfBirth: 'NORTHPORT',
    },
    problems,
    authenticitySignals: [],
    timingsMs: { total: 1 },
  };
}

describe('summarizeGenerated', () => {
  it('splits MRZ rates by clean/degraded and scores codes, fields and latency', () => {
    const records: GeneratedRecord[] = [
      { truth: truth('a', false), analysis: analysis(LINES), error: null, latencyMs: 10 },
      { truth: truth('b', true, ['DOC_EXPIRED']), analysis: analysis(null, ['DOC_EXPIRED']), error: null, latencyMs: 30 },
      { truth: truth('c', true), analysis: null, error: 'boom', latencyMs: 20 },
    ];
    const report = summarizeGenerated(records);
    expect(report.documents).toBe(3);
    expect(report.mrz.cleanValidRate).toBe(1);
    expect(report.mrz.degradedValidRate).toBe(0);
    expect(report.mrz.exactLineRate).toBeCloseTo(1 / 3);
    expect(report.mrz.exactLineRateByDegradation.blur).toEqual({ images: 2, rate: 0 });
    expect(report.fields.accuracy).toBeCloseTo(2 / 3);
    expect(report.fields.perFieldImages.placeOfBirth).toBe(3);
    expect(report.fields.errors.fullName).toEqual({ missing: 1, wrong: 0 });
    // Outside the spec: scored apart against detectedDocumentType and the MRZ's issuing state, not in fields.accuracy.
    expect(report.groundTruthOnly.documentType).toMatchObject({ images: 3, accuracy: 2 / 3 });
    expect(report.groundTruthOnly.issuingCountry).toMatchObject({ images: 3, accuracy: 1 / 3 });
    expect(report.problems.DOC_EXPIRED).toMatchObject({ precision: 1, recall: 1 });
    expect(report.documentType.accuracy).toBeCloseTo(2 / 3);
    expect(report.analyzerErrors).toBe(1);
    expect(report.latency).toMatchObject({ p50Ms: 20, p95Ms: 30 });
  });
});

describe('summarizeGenerated with unusable captures', () => {
  const capture = (kind: 'too_small' | 'blank_page', problems: string[]): CaptureRecord => ({
    truth: {
      id: `cap-${kind}`,
      seed: 1,
      kind,
      uploadedAs: 'front',
      layout: null,
      referenceDate: '2026-01-01',
      expectedProblems: UNUSABLE_CAPTURE_PROBLEMS[kind],
      image: { width: 1, height: 1 },
    },
    analysis: { ...analysis(null, problems), detectedDocumentType: 'unknown' },
    error: null,
    latencyMs: 500,
  });

  it('scores their codes with the documents, per kind whether every expected code was raised, and nothing else', () => {
    const documents: GeneratedRecord[] = [{ truth: truth('a', false), analysis: analysis(LINES), error: null, latencyMs: 10 }];
    const captures = [
      capture('too_small', ['DOCUMENT_QUALITY_TOO_LOW', 'LOW_DETECTION_CONFIDENCE']),
      capture('blank_page', ['DOCUMENT_QUALITY_TOO_LOW']),
    ];
    const report = summarizeGenerated(documents, captures);
    // The blank page raised no LOW_DETECTION_CONFIDENCE (a miss) and a DOCUMENT_QUALITY_TOO_LOW it should not have.
    expect(report.problems.LOW_DETECTION_CONFIDENCE).toMatchObject({ truePositives: 1, falseNegatives: 1, falsePositives: 0, recall: 0.5 });
    expect(report.problems.DOCUMENT_QUALITY_TOO_LOW).toMatchObject({ truePositives: 1, falsePositives: 1, precision: 0.5, recall: 1 });
    expect(report.codeErrors.problems.LOW_DETECTION_CONFIDENCE).toEqual([{ image: 'cap-blank_page', kind: 'fn' }]);
    expect(report.unusableCaptures).toEqual({
      images: 2,
      portraitsChecked: false,
      kinds: {
        too_small: { images: 1, expected: ['DOCUMENT_QUALITY_TOO_LOW', 'LOW_DETECTION_CONFIDENCE'], allExpectedRaised: 1 },
        blank_page: { images: 1, expected: ['LOW_DETECTION_CONFIDENCE'], allExpectedRaised: 0 },
      },
    });
    // Images, document types and latency are the documents' alone.
    expect(report.images).toBe(1);
    expect(report.documentType.accuracy).toBe(1);
    expect(report.latency.p95Ms).toBe(10);
    // With a portrait detector at work, a front without its face is scored too; a document it missed the face on is a false positive.
    const checked = (r: CaptureRecord | GeneratedRecord, problems: string[]) => ({
      ...r,
      analysis: { ...r.analysis!, problems, portrait: { checked: true, found: false } },
    });
    const noPortrait: CaptureRecord = {
      ...capture('too_small', []),
      truth: { ...capture('too_small', []).truth, id: 'cap-np', kind: 'no_portrait', expectedProblems: ['PORTRAIT_NOT_DETECTED'] },
    };
    const withDetector = summarizeGenerated(
      [checked(documents[0], ['PORTRAIT_NOT_DETECTED']) as GeneratedRecord],
      [checked(noPortrait, ['PORTRAIT_NOT_DETECTED']) as CaptureRecord],
    );
    expect(withDetector.problems.PORTRAIT_NOT_DETECTED).toMatchObject({ truePositives: 1, falsePositives: 1, falseNegatives: 0 });
    expect(withDetector.unusableCaptures).toMatchObject({
      portraitsChecked: true,
      kinds: { no_portrait: { images: 1, allExpectedRaised: 1 } },
    });
    // Without captures the two codes are listed only when raised, and the section is empty.
    expect(summarizeGenerated(documents).unusableCaptures).toEqual({ images: 0, portraitsChecked: false, kinds: {} });
  });
});

describe('summarizeLabelled', () => {
  it('reports exact reads, validity agreement and the flagged malformed MRZ', () => {
    const base = { detectedDocumentType: 'passport', problems: [], error: null, latencyMs: 5 };
    const records: LabelledRecord[] = [
      {
        ...base,
        file: 'a',
        expectedLines: LINES,
        expectedValid: true,
        readLines: LINES,
        judgedValid: true,
        exactRead: true,
        validityAgrees: true,
      },
      {
        ...base,
        file: 'b',
        expectedLines: LINES,
        expectedValid: true,
        readLines: null,
        judgedValid: false,
        exactRead: false,
        validityAgrees: false,
      },
      {
        ...base,
        file: 'c',
        expectedLines: null,
        expectedValid: false,
        readLines: null,
        judgedValid: false,
        exactRead: null,
        validityAgrees: true,
      },
    ];
    const report = summarizeLabelled('x', records);
    expect(report.mrz).toMatchObject({ exactReadRate: 0.5, validityAgreement: 2 / 3, invalidFlaggedRate: 1 });
    expect(report.documentTypes).toEqual({ passport: 3 });
  });
});

describe('loadAnalyzer', () => {
  it('says why when the analyzer package is missing or lacks analyzeDocumentSide', () => {
    const missing = loadAnalyzer('@kyc/no-such-analyzer');
    expect(missing.ok).toBe(false);
    const dir = mkdtempSync(join(tmpdir(), 'analyzer-'));
    writeFileSync(join(dir, 'wrong.js'), 'exports.other = 1;');
    expect(loadAnalyzer(join(dir, 'wrong.js'))).toEqual({ ok: false, reason: expect.stringContaining('analyzeDocumentSide') });
    writeFileSync(join(dir, 'right.js'), 'exports.analyzeDocumentSide = async () => null;');
    expect(loadAnalyzer(join(dir, 'right.js'))).toEqual({ ok: true, analyzer: expect.any(Function) });
  });

  it("takes the module's OCR model clock when it exports one", () => {
    const dir = mkdtempSync(join(tmpdir(), 'analyzer-'));
    writeFileSync(
      join(dir, 'clocked.js'),
      'exports.analyzeDocumentSide = async () => null; exports.ocrModelTime = () => ({ detectionMs: 3, recognitionMs: 4 });',
    );
    const loaded = loadAnalyzer(join(dir, 'clocked.js'));
    expect(loaded.ok && loaded.ocrModelTime?.()).toEqual({ detectionMs: 3, recognitionMs: 4 });
  });
});
