import { canonicalCountry, canonicalName, canonicalNameForms, canonicalSex, canonicalText } from './normalize';
import type { AnalyzedFields } from './analyzer';

/**
 * The fields the accuracy target is about: spec §2.9 verification.extractedData (§2.7's submit set is a subset).
 * fullName has no prescribed order in the spec; the truth is "given names + surname", the analyzer's order.
 */
export const SCORED_FIELDS = [
  'fullName',
  'firstName',
  'lastName',
  'dateOfBirth',
  'nationality',
  'sex',
  'documentNumber',
  'issueDate',
  'expiryDate',
  'placeOfBirth',
] as const;
export type ScoredField = (typeof SCORED_FIELDS)[number];
/**
 * The truth per scored field; a field is absent when the image does not print it (a card front has no issue
 * date or place of birth) and is then not scored for that image.
 */
export type ExpectedFieldValues = Partial<Record<ScoredField, string>>;

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
  const exact = pairs.filter(
    (p) => p.predicted != null && p.predicted.length === p.expected.length && p.predicted.every((line, i) => line === p.expected[i]),
  ).length;
  return ratio(exact, pairs.length);
}

/** Share of individual MRZ lines read exactly (a softer view than whole-MRZ exactness). */
export function perLineRate(pairs: MrzReadPair[]): number | null {
  let lines = 0;
  let exact = 0;
  for (const pair of pairs) {
    lines += pair.expected.length;
    pair.expected.forEach((line, i) => {
      if (pair.predicted?.[i] === line) exact++;
    });
  }
  return ratio(exact, lines);
}

type Verdict = 'right' | 'right-without-diacritics' | 'missing' | 'wrong';

/** One field compared in canonical form; the rules are in normalize.ts. */
export function compareField(field: ScoredField, expected: string, predicted: string | null | undefined): Verdict {
  if (predicted == null || predicted.trim() === '') return 'missing';
  switch (field) {
    case 'fullName':
    case 'firstName':
    case 'lastName':
    case 'placeOfBirth': {
      const [mrzForm, stripped] = canonicalNameForms(expected);
      const got = canonicalName(predicted);
      if (got === mrzForm) return 'right';
      return got === stripped ? 'right-without-diacritics' : 'wrong';
    }
    case 'nationality':
      return canonicalCountry(expected) === canonicalCountry(predicted) ? 'right' : 'wrong';
    case 'sex':
      return canonicalSex(expected) === canonicalSex(predicted) ? 'right' : 'wrong';
    default:
      return canonicalText(expected) === canonicalText(predicted) ? 'right' : 'wrong';
  }
}

export interface FieldPair {
  /** Image id, for the mismatch list. */
  image?: string;
  expected: ExpectedFieldValues;
  /** null when the analyzer failed on this image: every field counts as wrong. */
  predicted: AnalyzedFields | null;
}

export interface FieldMismatch {
  image: string;
  field: ScoredField;
  expected: string;
  predicted: string | null;
}

export interface FieldAccuracy {
  /** Share of all scored (image, field) pairs that were right. */
  accuracy: number | null;
  perField: Record<ScoredField, number | null>;
  /** Images on which each field was scored (those that print it). */
  perFieldImages: Record<ScoredField, number>;
  /** Wrong pairs split into not returned at all and returned with another value. */
  errors: Record<ScoredField, { missing: number; wrong: number }>;
  /** Right answers that matched only with accents removed (e.g. "SCHRODER" for "Schröder"); see normalize.ts. */
  nameMatchesWithoutDiacritics: number;
  mismatches: FieldMismatch[];
}

/** Per-field and overall accuracy over the spec's extractedData fields; "fullName" is expected as given names + surname. */
export function fieldAccuracy(pairs: FieldPair[]): FieldAccuracy {
  const perField = {} as Record<ScoredField, number | null>;
  const perFieldImages = {} as Record<ScoredField, number>;
  const errors = {} as Record<ScoredField, { missing: number; wrong: number }>;
  const mismatches: FieldMismatch[] = [];
  let right = 0;
  let scored = 0;
  let withoutDiacritics = 0;
  for (const field of SCORED_FIELDS) {
    let fieldRight = 0;
    let fieldScored = 0;
    errors[field] = { missing: 0, wrong: 0 };
    for (const pair of pairs) {
      const expected = pair.expected[field];
      if (expected === undefined || expected === '') continue;
      fieldScored++;
      const predicted = pair.predicted?.[field] ?? null;
      const verdict = compareField(field, expected, predicted);
      if (verdict === 'right' || verdict === 'right-without-diacritics') {
        fieldRight++;
        if (verdict === 'right-without-diacritics') withoutDiacritics++;
      } else {
        errors[field][verdict]++;
        mismatches.push({ image: pair.image ?? '', field, expected, predicted });
      }
    }
    perField[field] = ratio(fieldRight, fieldScored);
    perFieldImages[field] = fieldScored;
    right += fieldRight;
    scored += fieldScored;
  }
  return { accuracy: ratio(right, scored), perField, perFieldImages, errors, nameMatchesWithoutDiacritics: withoutDiacritics, mismatches };
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
