import { readFileSync } from 'node:fs';
import { analyzeTimed } from './analyze-timed';
import type { DocumentAnalyzer } from './analyzer';
import type { LabelledImage } from './datasets';
import { retakeCodes } from './layout-figures';
import { percentile, ratio } from './metrics';

export interface LabelledRecord {
  file: string;
  expectedLines: string[] | null;
  expectedValid: boolean | null;
  readLines: string[] | null;
  judgedValid: boolean | null;
  exactRead: boolean | null;
  validityAgrees: boolean | null;
  detectedDocumentType: string | null;
  problems: string[];
  error: string | null;
  latencyMs: number;
}

export interface LabelledReport {
  dataset: string;
  documents: number;
  analyzerErrors: number;
  mrz: {
    /** Of images with a complete MRZ label: read with every line exact. */
    exactReadRate: number | null;
    /** Of images whose validity is known: analyzer's valid/invalid judgement matched. */
    validityAgreement: number | null;
    labelledWithMrz: number;
    validityKnown: number;
    /** Of images whose printed MRZ is invalid: share the analyzer did not pass as valid (must flag, not correct). */
    invalidFlaggedRate: number | null;
    expectedInvalid: number;
  };
  documentTypes: Record<string, number>;
  /**
   * Retake requests (RETAKE_PROBLEMS) on the images labelled with an MRZ: each was read by eye to label it, so a
   * person reads it and every retake asked there is a false one (but MRZ_DATA_UNREADABLE on an MRZ printed with a
   * wrong check digit, which the generated set expects too). `negatives` are the images without an MRZ (other
   * documents, fronts without one), counted apart: what they should get is not labelled.
   */
  retakes: {
    readable: number;
    falseRetakes: number;
    falseRetakeRate: number | null;
    falseByCode: Record<string, number>;
    falseImages: { file: string; codes: string[] }[];
    negatives: { images: number; asked: number; byCode: Record<string, number> };
  };
  latency: { p50Ms: number | null; p95Ms: number | null };
  images: LabelledRecord[];
}

/**
 * A specimen printed with a wrong check digit is rightly MRZ_DATA_UNREADABLE, as the generator's wrong-check-digit
 * documents expect it: not a false retake there.
 */
const MRZ_UNREADABLE = 'MRZ_DATA_UNREADABLE';

export function sideFor(image: Pick<LabelledImage, 'side' | 'mrzLines'>): 'main' | 'front' | 'back' {
  if (image.side) return image.side;
  // A two-line 44-character MRZ is a passport data page; three 30-character lines (TD1) are printed on a card's
  // back, the side without the portrait; anything else (TD2, no MRZ) is treated as a card front.
  if (image.mrzLines?.length === 2 && image.mrzLines[0].length === 44) return 'main';
  return image.mrzLines?.length === 3 && image.mrzLines[0].length === 30 ? 'back' : 'front';
}

export async function runLabelledSet(
  analyzer: DocumentAnalyzer,
  images: LabelledImage[],
  onProgress?: (done: number, total: number) => void,
): Promise<LabelledRecord[]> {
  const records: LabelledRecord[] = [];
  for (const image of images) {
    let bytes: Buffer | null = null;
    let readError: string | null = null;
    try {
      bytes = readFileSync(image.path);
    } catch (error) {
      readError = `cannot read ${image.path}: ${error instanceof Error ? error.message : String(error)}`;
    }
    const timed = bytes
      ? await analyzeTimed(analyzer, bytes, { side: sideFor(image) })
      : { analysis: null, error: readError, latencyMs: 0 };
    const readLines = timed.analysis?.mrz?.lines ?? null;
    const judgedValid = timed.analysis ? timed.analysis.mrz?.valid === true : null;
    records.push({
      file: image.file,
      expectedLines: image.mrzLines,
      expectedValid: image.expectedValid,
      readLines,
      judgedValid,
      exactRead: image.mrzLines ? readLines !== null && readLines.join('|') === image.mrzLines.join('|') : null,
      validityAgrees: image.expectedValid === null ? null : judgedValid === image.expectedValid,
      detectedDocumentType: timed.analysis?.detectedDocumentType ?? null,
      problems: timed.analysis?.problems ?? [],
      error: timed.error,
      latencyMs: timed.latencyMs,
    });
    onProgress?.(records.length, images.length);
  }
  return records;
}

export function summarizeLabelled(dataset: string, records: LabelledRecord[]): LabelledReport {
  const withMrz = records.filter((r) => r.exactRead !== null);
  const validityKnown = records.filter((r) => r.validityAgrees !== null);
  const expectedInvalid = records.filter((r) => r.expectedValid === false);
  const types: Record<string, number> = {};
  for (const r of records) {
    const type = r.detectedDocumentType ?? 'error';
    types[type] = (types[type] ?? 0) + 1;
  }
  const latencies = records.filter((r) => !r.error).map((r) => r.latencyMs);
  const readable = records.filter((r) => r.expectedLines !== null);
  const falseCodes = (r: LabelledRecord): string[] =>
    r.error !== null
      ? ['analyzer error']
      : retakeCodes(r.problems).filter((code) => !(code === MRZ_UNREADABLE && r.expectedValid === false));
  const falseOnes = readable.filter((r) => falseCodes(r).length > 0);
  const falseByCode: Record<string, number> = {};
  for (const r of falseOnes) for (const code of falseCodes(r)) falseByCode[code] = (falseByCode[code] ?? 0) + 1;
  const negatives = records.filter((r) => r.expectedLines === null);
  const negativeCodes: Record<string, number> = {};
  for (const r of negatives) for (const code of retakeCodes(r.problems)) negativeCodes[code] = (negativeCodes[code] ?? 0) + 1;
  return {
    dataset,
    documents: records.length,
    analyzerErrors: records.filter((r) => r.error).length,
    mrz: {
      exactReadRate: ratio(withMrz.filter((r) => r.exactRead).length, withMrz.length),
      validityAgreement: ratio(validityKnown.filter((r) => r.validityAgrees).length, validityKnown.length),
      labelledWithMrz: withMrz.length,
      validityKnown: validityKnown.length,
      invalidFlaggedRate: ratio(expectedInvalid.filter((r) => r.judgedValid === false).length, expectedInvalid.length),
      expectedInvalid: expectedInvalid.length,
    },
    documentTypes: types,
    retakes: {
      readable: readable.length,
      falseRetakes: falseOnes.length,
      falseRetakeRate: ratio(falseOnes.length, readable.length),
      falseByCode,
      falseImages: falseOnes.map((r) => ({ file: r.file, codes: falseCodes(r) })),
      negatives: {
        images: negatives.length,
        asked: negatives.filter((r) => retakeCodes(r.problems).length > 0).length,
        byCode: negativeCodes,
      },
    },
    latency: { p50Ms: percentile(latencies, 50), p95Ms: percentile(latencies, 95) },
    images: records,
  };
}
