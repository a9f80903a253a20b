import { canonicalCountry, canonicalName, canonicalSex, canonicalText } from './normalize';
import type { AnalyzedFields } from './analyzer';

export const SCORED_FIELDS = [
  'firstName', 'lastName', 'dateOfBirth', 'documentNumber', 'nationality', 'sex', 'expiryDate', 'issuingCountry',
  'documentType',
] as const;
export type ScoredField = (typeof SCORED_FIELDS)[number];
export type ExpectedFieldValues = Record<ScoredField, string>;

/** a / b, or null when there is nothing to divide (a rate of nothing is not 0). */
export function ratio(a: number, b: number): number | null {
  return b === 0 ? null : a / b;
}

export interface MrzReadPair {
  expected: string[];
  predicted: string[] | null | undefined;
}

/** Share of images whose MRZ was read with every line exactly as printed. */
export function exactLineRate(pairs: MrzReadPair[]): number | null {
  const exact = pairs.filter((p) => p.predicted != null && p.predicted.length === p.expected.length
    && p.predicted.every((line, i) => line === p.expected[i])).length;
  return ratio(exact, pairs.length);
}

/** Share of individual MRZ lines read exactly (a softer view than whole-MRZ exactness). */
export function perLineRate(pairs: MrzReadPair[]): number | null {
  let lines = 0;
  let exact = 0;
  for (const pair of pairs) {
    lines += pair.expected.length;
    pair.expected.forEach((line, i) => { if (pair.predicted?.[i] === line) exact++; });
  }
  return ratio(exact, lines);
}

function fieldEquals(field: ScoredField, expected: string, predicted: string | null | undefined): boolean {
  switch (field) {
    case 'firstName':
    case 'lastName':
      return canonicalName(expected) === canonicalName(predicted);
    case 'nationality':
    case 'issuingCountry':
      return canonicalCountry(expected) === canonicalCountry(predicted);
    case 'sex':
      return canonicalSex(expected) === canonicalSex(predicted);
    case 'documentType':
      return (predicted ?? '').toLowerCase() === expected.toLowerCase();
    default:
      return canonicalText(expected) === canonicalText(predicted);
  }
}

export interface FieldPair {
  expected: ExpectedFieldValues;
  /** null when the analyzer failed on this image: every field counts as wrong. */
  predicted: AnalyzedFields | null;
}

export interface FieldAccuracy {
  /** Share of all (image, field) pairs that were right. */
  accuracy: number | null;
  perField: Record<ScoredField, number | null>;
}

export function fieldAccuracy(pairs: FieldPair[]): FieldAccuracy {
  const perField = {} as Record<ScoredField, number | null>;
  let right = 0;
  for (const field of SCORED_FIELDS) {
    const correct = pairs.filter((p) => p.predicted != null && fieldEquals(field, p.expected[field], p.predicted[field])).length;
    perField[field] = ratio(correct, pairs.length);
    right += correct;
  }
  return { accuracy: ratio(right, pairs.length * SCORED_FIELDS.length), perField };
}

export interface CodePair {
  expected: readonly string[];
  predicted: readonly string[];
}

export interface CodeScore {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** null when the code was never predicted. */
  precision: number | null;
  /** null when the code was never expected. */
  recall: number | null;
}

/** Precision and recall per code over images; every code that was expected or predicted is listed. */
export function codePrecisionRecall(pairs: CodePair[], alwaysList: readonly string[] = []): Record<string, CodeScore> {
  const codes = new Set<string>(alwaysList);
  for (const p of pairs) [...p.expected, ...p.predicted].forEach((c) => codes.add(c));
  const scores: Record<string, CodeScore> = {};
  for (const code of [...codes].sort()) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const p of pairs) {
      const expected = p.expected.includes(code);
      const predicted = p.predicted.includes(code);
      if (expected && predicted) tp++;
      else if (predicted) fp++;
      else if (expected) fn++;
    }
    scores[code] = { truePositives: tp, falsePositives: fp, falseNegatives: fn, precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn) };
  }
  return scores;
}

/** Nearest-rank percentile (p in (0, 100]); null for no values. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}
