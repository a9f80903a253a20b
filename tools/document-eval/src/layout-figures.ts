import type { ImageGroundTruth } from '@kyc/document-generator';
import type { AnalyzedFields, SideAnalysis } from './analyzer';
import { exactLineRate, fieldAccuracy, percentile, ratio } from './metrics';
import type { ExpectedFieldValues } from './metrics';

/**
 * Problems an upload answers with a retake request (spec part 3: the first occurrence asks for the side again,
 * KYC_007 or KYC_015). The same list as the document service's RECOVERABLE_PROBLEMS
 * (apps/document/src/domain/side-judgement.ts); DOC_EXPIRED and MRZ_MISSING_BACK_SIDE are judged at submit instead.
 */
export const RETAKE_PROBLEMS: readonly string[] = [
  'WRONG_SIDE_BACK_UPLOADED',
  'PORTRAIT_NOT_DETECTED',
  'MRZ_CROSS_LOW_SCORE',
  'DOCUMENT_MIXING_SUSPECTED',
  'LOW_DETECTION_CONFIDENCE',
  'DOCUMENT_QUALITY_TOO_LOW',
  'MRZ_DATA_UNREADABLE',
];

/** The retake-asking codes among an analysis' problems. */
export function retakeCodes(problems: readonly string[] | undefined): string[] {
  return [...new Set((problems ?? []).filter((p) => RETAKE_PROBLEMS.includes(p)))];
}

/** What the per-layout view needs of one analysed generated image (GeneratedRecord has it all). */
export interface LayoutRecord {
  truth: ImageGroundTruth;
  analysis: SideAnalysis | null;
  latencyMs: number;
  /** On a document's last image: the document's extractedData merged from its sides. */
  documentExtractedData?: AnalyzedFields;
}

/**
 * Retakes asked, and the false ones: a retake-asking problem on an image whose truth expects none, i.e. a capture of
 * an intact document that a person reads (the generator's degradations blur, darken or compress it, but its text
 * stays legible to the eye; the unusable captures are not among these records). `clean` is the same over the
 * undegraded captures alone, where no retake can be right.
 */
export interface RetakeFigures {
  images: number;
  /** Images on which some retake-asking problem was raised. */
  asked: number;
  askedRate: number | null;
  /** Of the images whose truth expects no retake-asking problem: those that got one anyway. */
  readable: number;
  falseRetakes: number;
  falseRetakeRate: number | null;
  clean: { readable: number; falseRetakes: number; falseRetakeRate: number | null };
  /** How often each code was the (or a) false retake. */
  falseByCode: Record<string, number>;
  /** The images behind the false retakes, with the codes raised. */
  falseImages: { image: string; codes: string[]; degradations: string[] }[];
}

/** The truth's expected retake codes of one image, the side-comparison codes included (they are asked at that upload). */
function expectedRetakes(truth: ImageGroundTruth): string[] {
  return retakeCodes([...truth.expectedProblems, ...truth.documentProblems]);
}

export function retakeFigures(records: readonly LayoutRecord[]): RetakeFigures {
  const asked = records.filter((r) => retakeCodes(r.analysis?.problems).length > 0);
  const readable = records.filter((r) => expectedRetakes(r.truth).length === 0);
  const isFalse = (r: LayoutRecord): boolean => r.analysis === null || retakeCodes(r.analysis.problems).length > 0;
  const falseOnes = readable.filter(isFalse);
  const cleanReadable = readable.filter((r) => r.truth.degradations.length === 0);
  const cleanFalse = cleanReadable.filter(isFalse);
  const falseByCode: Record<string, number> = {};
  for (const r of falseOnes) for (const code of retakeCodes(r.analysis?.problems)) falseByCode[code] = (falseByCode[code] ?? 0) + 1;
  return {
    images: records.length,
    asked: asked.length,
    askedRate: ratio(asked.length, records.length),
    readable: readable.length,
    falseRetakes: falseOnes.length,
    falseRetakeRate: ratio(falseOnes.length, readable.length),
    clean: {
      readable: cleanReadable.length,
      falseRetakes: cleanFalse.length,
      falseRetakeRate: ratio(cleanFalse.length, cleanReadable.length),
    },
    falseByCode,
    falseImages: falseOnes.map((r) => ({
      image: r.truth.id,
      codes: r.analysis ? retakeCodes(r.analysis.problems) : ['analyzer error'],
      degradations: r.truth.degradations.map((d) => d.kind),
    })),
  };
}

export interface LayoutFigures {
  documents: number;
  images: number;
  mrz: {
    /** Of clean / degraded images whose printed MRZ is valid: returned as a valid MRZ. */
    cleanValidRate: number | null;
    degradedValidRate: number | null;
    /** Of images with a printed MRZ: every line read as printed. */
    exactLineRate: number | null;
    images: number;
  };
  /** Spec §2.9 fields per image (scoreable images) and per document (sides merged, when the analyzer merges). */
  fieldsPerImage: number | null;
  fieldsPerDocument: number | null;
  retakes: RetakeFigures;
  latency: { p50Ms: number | null; p95Ms: number | null };
}

function validRate(records: readonly LayoutRecord[]): number | null {
  const eligible = records.filter((r) => r.truth.mrz?.valid);
  return ratio(eligible.filter((r) => r.analysis?.mrz?.valid === true).length, eligible.length);
}

/**
 * One layout's (or any subset's) headline figures, computed as the whole report computes them. `expectedFields`
 * turns an image's truth into the spec fields it prints; documents are scored on their last image, where the merged
 * extractedData is, against the union of their sides' truths, and only when every side is scoreable and no pairing
 * fault makes them two documents (`documentScoreable`).
 */
export function layoutFigures(
  records: readonly LayoutRecord[],
  expectedFields: (truth: ImageGroundTruth['extractedData']) => ExpectedFieldValues,
  documentScoreable: (sides: readonly LayoutRecord[]) => boolean,
): LayoutFigures {
  const withMrz = records.filter((r) => r.truth.mrz);
  const isClean = (r: LayoutRecord): boolean => r.truth.degradations.length === 0;
  const scoreable = records.filter((r) => r.truth.fieldsScoreable);
  const perImage = fieldAccuracy(
    scoreable.map((r) => ({
      image: r.truth.id,
      expected: expectedFields(r.truth.extractedData),
      predicted: r.analysis?.extractedData ?? null,
    })),
  );
  const documentIds = [...new Set(records.map((r) => r.truth.documentId))];
  const documentPairs = documentIds.flatMap((id) => {
    const sides = records.filter((r) => r.truth.documentId === id);
    const last = sides[sides.length - 1];
    if (!last.documentExtractedData || !documentScoreable(sides)) return [];
    const expected = Object.assign({}, ...[...sides].reverse().map((s) => s.truth.extractedData)) as ImageGroundTruth['extractedData'];
    return [{ image: id, expected: expectedFields(expected), predicted: last.documentExtractedData }];
  });
  const latencies = records.map((r) => r.latencyMs);
  return {
    documents: documentIds.length,
    images: records.length,
    mrz: {
      cleanValidRate: validRate(withMrz.filter(isClean)),
      degradedValidRate: validRate(withMrz.filter((r) => !isClean(r))),
      exactLineRate: exactLineRate(withMrz.map((r) => ({ expected: r.truth.mrz!.lines, predicted: r.analysis?.mrz?.lines ?? null }))),
      images: withMrz.length,
    },
    fieldsPerImage: perImage.accuracy,
    fieldsPerDocument: documentPairs.length > 0 ? fieldAccuracy(documentPairs).accuracy : null,
    retakes: retakeFigures(records),
    latency: { p50Ms: percentile(latencies, 50), p95Ms: percentile(latencies, 95) },
  };
}

/** The figures per layout, in the order given (layouts with no image left out). */
export function figuresByLayout(
  records: readonly LayoutRecord[],
  layouts: readonly string[],
  expectedFields: (truth: ImageGroundTruth['extractedData']) => ExpectedFieldValues,
  documentScoreable: (sides: readonly LayoutRecord[]) => boolean,
): Record<string, LayoutFigures> {
  const out: Record<string, LayoutFigures> = {};
  for (const layout of layouts) {
    const of = records.filter((r) => r.truth.layout === layout);
    if (of.length > 0) out[layout] = layoutFigures(of, expectedFields, documentScoreable);
  }
  return out;
}
