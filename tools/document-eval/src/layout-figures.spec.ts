import type { ImageGroundTruth } from '@kyc/document-generator';
import type { SideAnalysis } from './analyzer';
import { expectedSpecFields, layoutFor, summarizeGenerated } from './generated-eval';
import type { GeneratedRecord } from './generated-eval';
import { figuresByLayout, retakeFigures } from './layout-figures';
import { summarizeLabelled, sideFor } from './labelled-eval';
import type { LabelledRecord } from './labelled-eval';

const LINES = ['P<UTONAKAMURA<<ADA<<<<<<<<<<<<<<<<<<<<<<<<<<', 'R4JP490JK3UTO5303094F2911157<<<<<<<<<<<<<<04'];
const FIELDS = {
  firstName: 'Ada',
  lastName: 'Nakamura',
  dateOfBirth: '1953-03-09',
  documentNumber: 'R4JP490JK',
  nationality: 'UTO',
  sex: 'F' as const,
  expiryDate: '2029-11-15',
  issueDate: '2019-11-16',
  placeOfBirth: 'Northport',
  issuingCountry: 'UTO',
  documentType: 'passport' as const,
};

function truth(id: string, layout: string, options: { degraded?: boolean; expectedProblems?: string[] } = {}): ImageGroundTruth {
  return {
    id,
    documentId: id,
    file: `${id}.jpg`,
    seed: 1,
    layout: layout as ImageGroundTruth['layout'],
    referenceDate: '2026-01-01',
    documentType: 'passport',
    side: 'main',
    uploadedAs: 'main',
    issuingCountry: 'UTO',
    requiresBackSide: false,
    mrz: { format: 'TD3', lines: LINES, valid: true },
    extractedData: FIELDS,
    fieldsScoreable: true,
    expectedProblems: options.expectedProblems ?? [],
    expectedSignals: [],
    documentProblems: [],
    faults: [],
    degradations: options.degraded ? [{ kind: 'blur', params: { sigma: 2 } }] : [],
    image: { width: 1, height: 1 },
  };
}

function analysis(read: { mrz: boolean; problems?: string[]; surname?: string }): SideAnalysis {
  return {
    detectedDocumentType: 'passport',
    detectionConfidence: 0.95,
    requiresBackSide: false,
    mrz: read.mrz ? { format: 'TD3', lines: LINES, valid: true } : null,
    extractedData: { ...FIELDS, lastName: read.surname ?? FIELDS.lastName, fullName: `Ada ${read.surname ?? FIELDS.lastName}` },
    problems: read.problems ?? [],
    authenticitySignals: [],
    timingsMs: { total: 10 },
  };
}

function record(t: ImageGroundTruth, a: SideAnalysis | null, latencyMs: number): GeneratedRecord {
  return { truth: t, analysis: a, error: a ? null : 'crashed', latencyMs, documentExtractedData: a?.extractedData };
}

describe('figures per layout', () => {
  // classic: two clean pages read fully, one degraded page read with a retake asked although nothing was wrong.
  // banded-condensed: one clean page whose MRZ was not read and whose surname came out wrong, asked for a retake;
  // one degraded page printed with a bad check digit, rightly asked for a retake.
  const records: GeneratedRecord[] = [
    record(truth('c1', 'classic'), analysis({ mrz: true }), 100),
    record(truth('c2', 'classic'), analysis({ mrz: true }), 200),
    record(truth('c3', 'classic', { degraded: true }), analysis({ mrz: true, problems: ['DOCUMENT_QUALITY_TOO_LOW'] }), 300),
    record(
      truth('b1', 'banded-condensed'),
      analysis({ mrz: false, surname: 'Nakamure', problems: ['MRZ_DATA_UNREADABLE', 'DOC_EXPIRED'] }),
      400,
    ),
    record(
      truth('b2', 'banded-condensed', { degraded: true, expectedProblems: ['MRZ_DATA_UNREADABLE'] }),
      analysis({ mrz: false, problems: ['MRZ_DATA_UNREADABLE'] }),
      500,
    ),
  ];
  const byLayout = figuresByLayout(records, ['classic', 'right-portrait', 'banded-condensed'], expectedSpecFields, () => true);

  it('splits the records by the layout in their truth, leaving out layouts with no image', () => {
    expect(Object.keys(byLayout)).toEqual(['classic', 'banded-condensed']);
    expect([byLayout.classic.images, byLayout.classic.documents, byLayout['banded-condensed'].images]).toEqual([3, 3, 2]);
  });

  it('computes MRZ, fields and latency within each layout only', () => {
    expect(byLayout.classic.mrz).toMatchObject({ cleanValidRate: 1, degradedValidRate: 1, exactLineRate: 1, images: 3 });
    expect(byLayout['banded-condensed'].mrz).toMatchObject({ cleanValidRate: 0, degradedValidRate: 0, exactLineRate: 0 });
    expect(byLayout.classic.fieldsPerImage).toBe(1);
    // b1 got fullName and lastName wrong: 2 of the 10 scored fields; b2 all right.
    expect(byLayout['banded-condensed'].fieldsPerImage).toBeCloseTo(18 / 20);
    expect(byLayout['banded-condensed'].fieldsPerDocument).toBeCloseTo(18 / 20);
    expect(byLayout.classic.latency).toEqual({ p50Ms: 200, p95Ms: 300 });
  });

  it('counts a retake as false only where the truth expects none, apart on clean captures, by retake code', () => {
    expect(byLayout.classic.retakes).toMatchObject({
      asked: 1,
      readable: 3,
      falseRetakes: 1,
      clean: { readable: 2, falseRetakes: 0, falseRetakeRate: 0 },
      falseByCode: { DOCUMENT_QUALITY_TOO_LOW: 1 },
    });
    const banded = byLayout['banded-condensed'].retakes;
    expect([banded.asked, banded.readable, banded.falseRetakes, banded.falseRetakeRate]).toEqual([2, 1, 1, 1]);
    // DOC_EXPIRED is judged at submit, not asked again at upload.
    expect(banded.falseImages).toEqual([{ image: 'b1', codes: ['MRZ_DATA_UNREADABLE'], degradations: [] }]);
  });

  it('counts an analyzer failure on a readable capture as a false retake', () => {
    expect(retakeFigures([record(truth('x', 'classic'), null, 1)]).falseRetakes).toBe(1);
  });

  it('puts the per-layout figures and the overall retakes in the generated report', () => {
    const report = summarizeGenerated(records, [], ['classic', 'right-portrait', 'banded-condensed']);
    expect(report.layouts).toEqual(['classic', 'banded-condensed']);
    expect(report.perLayout).toEqual(byLayout);
    expect([report.retakes.readable, report.retakes.falseRetakes]).toEqual([4, 2]);
  });
});

describe('layouts in turn', () => {
  it('draws each layout three documents at a time, so each gets a third of the clean documents (every third one)', () => {
    const layouts = ['a', 'b', 'c'];
    const chosen = Array.from({ length: 18 }, (_, i) => layoutFor(i, layouts));
    expect(chosen.slice(0, 7)).toEqual(['a', 'a', 'a', 'b', 'b', 'b', 'c']);
    const cleanPerLayout = layouts.map((l) => chosen.filter((c, i) => c === l && i % 3 === 0).length);
    expect(cleanPerLayout).toEqual([2, 2, 2]);
  });
});

describe('real set retakes', () => {
  const labelled = (file: string, lines: string[] | null, problems: string[], printedValid = true): LabelledRecord => ({
    file,
    expectedLines: lines,
    expectedValid: lines ? printedValid : null,
    readLines: lines,
    judgedValid: lines ? true : null,
    exactRead: lines ? true : null,
    validityAgrees: lines ? true : null,
    detectedDocumentType: 'passport',
    problems,
    error: null,
    latencyMs: 5,
  });

  it('counts every retake asked on an image labelled with an MRZ as false, and the images without one apart', () => {
    const report = summarizeLabelled('set', [
      labelled('a.jpg', LINES, []),
      labelled('b.jpg', LINES, ['PORTRAIT_NOT_DETECTED', 'DOC_EXPIRED']),
      labelled('c.jpg', LINES, ['DOC_EXPIRED']),
      labelled('d.jpg', null, ['LOW_DETECTION_CONFIDENCE']),
      // Printed with a wrong check digit: its MRZ_DATA_UNREADABLE is right, its PORTRAIT_NOT_DETECTED is not.
      labelled('e.jpg', LINES, ['MRZ_DATA_UNREADABLE'], false),
    ]);
    expect(report.retakes).toMatchObject({
      readable: 4,
      falseRetakes: 1,
      falseByCode: { PORTRAIT_NOT_DETECTED: 1 },
      falseImages: [{ file: 'b.jpg', codes: ['PORTRAIT_NOT_DETECTED'] }],
      negatives: { images: 1, asked: 1, byCode: { LOW_DETECTION_CONFIDENCE: 1 } },
    });
    expect(report.retakes.falseRetakeRate).toBeCloseTo(1 / 4);
  });

  it('uploads a TD1 MRZ as a card back, a TD3 as a passport page, anything else as a front', () => {
    expect(
      sideFor({ mrzLines: ['I<NLDSPECI20212<<<<<<<<<<<<<<<', '6503101F3108022NLD<<<<<<<<<<<8', 'DE<BRUIJN<<WILLEKE<LISELOTTE<<'] }),
    ).toBe('back');
    expect(sideFor({ mrzLines: LINES })).toBe('main');
    expect(sideFor({ mrzLines: ['IDD<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<', '1220001518D<<6408125<1110078<<<<<<<0'] })).toBe('front');
    expect(sideFor({ mrzLines: null, side: 'back' })).toBe('back');
  });
});
