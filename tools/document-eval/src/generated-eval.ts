import { readFileSync } from 'node:fs';
import {
  ALL_DEGRADATIONS,
  ALL_FAULTS,
  ALL_UNUSABLE_CAPTURES,
  DOCUMENT_LAYOUTS,
  FAULT_CODES,
  generateDocument,
  generateUnusableCapture,
  ID_CARD_ONLY_FAULTS,
  Prng,
  UNUSABLE_CAPTURE_PROBLEMS,
} from '@kyc/document-generator';
import type { DocumentFault, ExpectedFields, ImageGroundTruth, UnusableCaptureKind, UnusableCaptureTruth } from '@kyc/document-generator';
import { analyzeTimed } from './analyze-timed';
import type { AnalyzedFields, DocumentAnalyzer, OcrModelClock, SideAnalysis, SideComparer, SideComparison, SideMerger } from './analyzer';
import { codeErrors } from './code-errors';
import type { CodeError } from './code-errors';
import { codePrecisionRecall, exactLineRate, fieldAccuracy, percentile, perLineRate, ratio } from './metrics';
import type { CodeScore, ExpectedFieldValues, FieldAccuracy, FieldPair } from './metrics';
import { canonicalCountry } from './normalize';
import { figuresByLayout, retakeFigures } from './layout-figures';
import type { LayoutFigures, LayoutRecord, RetakeFigures } from './layout-figures';

export interface GeneratedRecord {
  truth: ImageGroundTruth;
  analysis: SideAnalysis | null;
  error: string | null;
  latencyMs: number;
  /** Of latencyMs, the time in the OCR models' runs (undefined or null without the analyzer's model clock). */
  ocrModelMs?: number | null;
  /**
   * On the second of a card's front and back (as uploaded), the analyzer's comparison of the two, as the document
   * service makes it at that upload: DOCUMENT_MIXING_SUSPECTED is raised there.
   */
  sideComparison?: SideComparison;
  /** On a document's last image: its extractedData merged from all its sides (`GeneratedRunOptions.mergeSides`). */
  documentExtractedData?: AnalyzedFields;
}

const MIXING = 'DOCUMENT_MIXING_SUSPECTED';
/** The card's VIZ (front) against its MRZ (back): a finding of the two sides together. */
const CROSS_SIDE_CODES = [MIXING, 'MRZ_CROSS_LOW_SCORE'];

export interface GeneratedRunOptions {
  documents: number;
  seed: number;
  portraits: string[];
  /** Share of documents with one deliberate fault. */
  faultRate: number;
  onProgress?: (done: number, total: number, record: GeneratedRecord) => void;
  /** Compares a card's front and back once both are analysed; without it DOCUMENT_MIXING_SUSPECTED is not scored. */
  compareSides?: SideComparer;
  /** Merges a document's sides into the verification's extractedData; without it fields are scored per image only. */
  mergeSides?: SideMerger;
  /** The analyzer's OCR model clock: with it each image's latency says how much of it the models took. */
  ocrModelTime?: OcrModelClock;
  /**
   * The generator's layouts to draw, in turn (layoutFor); default all of DOCUMENT_LAYOUTS. A
   * subset holds the others out, e.g. every layout but classic to measure looks the analysis was not built on.
   */
  layouts?: readonly string[];
}

/**
 * The layout of document `index` when the run draws `layouts` in turn, three documents each: every third document is
 * clean (index % 3 === 0), so turning at each document would give all clean ones to the first layout of three.
 */
export function layoutFor(index: number, layouts: readonly string[] = DOCUMENT_LAYOUTS): string {
  return layouts[Math.floor(index / 3) % layouts.length];
}

/**
 * Generates the documents one at a time (nothing is kept on disk) and analyzes every image: a third
 * clean, two thirds with 1–3 random capture degradations.
 */
export async function runGeneratedSet(analyzer: DocumentAnalyzer, options: GeneratedRunOptions): Promise<GeneratedRecord[]> {
  const plan = new Prng(options.seed ^ 0x2545f491);
  const records: GeneratedRecord[] = [];
  for (let index = 0; index < options.documents; index++) {
    const documentType = plan.chance(0.5) ? 'passport' : 'id_card';
    const faults: DocumentFault[] = [];
    if (plan.chance(options.faultRate)) {
      faults.push(plan.pick(ALL_FAULTS.filter((f) => documentType === 'id_card' || !ID_CARD_ONLY_FAULTS.includes(f))));
    }
    const portrait = options.portraits.length > 0 ? readFileSync(plan.pick(options.portraits)) : undefined;
    const doc = await generateDocument({
      seed: options.seed,
      index,
      documentType,
      faults,
      portrait,
      degrade: index % 3 === 0 ? 'clean' : 'mixed',
      layout: layoutFor(index, options.layouts),
    });
    const cardSides: { front?: SideAnalysis; back?: SideAnalysis } = {};
    const analysed: SideAnalysis[] = [];
    for (const [k, image] of doc.images.entries()) {
      const timed = await analyzeTimed(
        analyzer,
        image.jpeg,
        {
          side: image.truth.uploadedAs,
          now: new Date(`${image.truth.referenceDate}T12:00:00Z`),
        },
        options.ocrModelTime,
      );
      const record: GeneratedRecord = { truth: image.truth, ...timed };
      const side = image.truth.uploadedAs;
      if (options.compareSides && timed.analysis && (side === 'front' || side === 'back')) {
        cardSides[side] = timed.analysis;
        const { front, back } = cardSides;
        if (front && back) record.sideComparison = options.compareSides(front, back);
      }
      if (timed.analysis) analysed.push(timed.analysis);
      if (options.mergeSides && k === doc.images.length - 1 && analysed.length > 0)
        record.documentExtractedData = options.mergeSides(analysed);
      records.push(record);
      options.onProgress?.(index + 1, options.documents, record);
    }
  }
  return records;
}

export interface CaptureRecord {
  truth: UnusableCaptureTruth;
  analysis: SideAnalysis | null;
  error: string | null;
  latencyMs: number;
}

/**
 * After the documents, uploads that show no usable document or no face (generateUnusableCapture), the kinds in
 * turn: the only images behind LOW_DETECTION_CONFIDENCE, DOCUMENT_QUALITY_TOO_LOW and PORTRAIT_NOT_DETECTED, whose
 * recall the documents cannot measure. Generated from their own seed, so the document set and its figures stay as
 * they were without them.
 */
export async function runUnusableCaptures(
  analyzer: DocumentAnalyzer,
  options: {
    count: number;
    seed: number;
    portraits: string[];
    onProgress?: (done: number, total: number, record: CaptureRecord) => void;
    /** Layouts of the cards shown, in turn (default classic only, the captures' look before layouts). */
    layouts?: readonly string[];
  },
): Promise<CaptureRecord[]> {
  const records: CaptureRecord[] = [];
  for (let index = 0; index < options.count; index++) {
    const kind = ALL_UNUSABLE_CAPTURES[index % ALL_UNUSABLE_CAPTURES.length];
    const portraitFile = options.portraits.length > 0 ? options.portraits[index % options.portraits.length] : undefined;
    const capture = await generateUnusableCapture({
      seed: options.seed,
      index,
      kind,
      portrait: portraitFile ? readFileSync(portraitFile) : undefined,
      layout: layoutFor(index, options.layouts ?? ['classic']),
    });
    const timed = await analyzeTimed(analyzer, capture.jpeg, {
      side: capture.truth.uploadedAs,
      now: new Date(`${capture.truth.referenceDate}T12:00:00Z`),
    });
    const record = { truth: capture.truth, ...timed };
    records.push(record);
    options.onProgress?.(index + 1, options.count, record);
  }
  return records;
}

/** Per-image latency percentiles and mean, in ms; null over no images. */
export interface LatencySummary {
  p50Ms: number | null;
  p95Ms: number | null;
  meanMs: number | null;
}

export interface GeneratedReport {
  dataset: 'generated';
  /** The generator's layouts drawn, in turn (the others held out). */
  layouts: string[];
  documents: number;
  images: number;
  analyzerErrors: number;
  mrz: {
    /** Of clean images whose printed MRZ is valid: share the analyzer returned as a valid MRZ. */
    cleanValidRate: number | null;
    /** The same over images with at least one capture degradation. */
    degradedValidRate: number | null;
    /** Of images with a printed MRZ: every line read exactly. */
    exactLineRate: number | null;
    exactLineRateClean: number | null;
    exactLineRateDegraded: number | null;
    perLineRate: number | null;
    /** Of images whose printed MRZ is invalid (wrong check digit): share judged invalid. */
    invalidDetectedRate: number | null;
    exactLineRateByDegradation: Record<string, { images: number; rate: number | null }>;
  };
  /** Spec §2.9 extractedData fields over the images whose fields are scoreable. */
  fields: FieldAccuracy & { images: number };
  /**
   * The same fields per document, from all its sides merged as the verification reports them (spec §2.9): a card's
   * back MRZ gives the names and number its front's VIZ misread. Documents whose sides are not one document's
   * front and back (the pairing faults) or print two values for a field on purpose (the VIZ/MRZ mismatch) are left
   * out. Null when the analyzer module does not merge sides.
   */
  documentFields: (FieldAccuracy & { documents: number }) | null;
  /**
   * The fields over the scoreable images the analysis raised no problem on: uploads accepted as they are, where a
   * problem asks the user for another (spec 2.8, KYC_007). What an integrator receives without a retake; the images
   * asked for again are left out, neither right nor wrong. `share` is their part of the scoreable images.
   */
  acceptedFields: FieldAccuracy & { images: number; share: number | null };
  /**
   * Ground-truth fields that are not spec extractedData fields, scored apart against where the analyzer
   * puts them (never in fields.accuracy).
   */
  groundTruthOnly: Record<'documentType' | 'issuingCountry', { comparedWith: string; images: number; accuracy: number | null }>;
  problems: Record<string, CodeScore>;
  signals: Record<string, CodeScore>;
  /** Per problem / signal code, the images behind its false positives and negatives (signals with their detail). */
  codeErrors: { problems: Record<string, CodeError[]>; signals: Record<string, CodeError[]> };
  documentType: { accuracy: number | null; confusion: Record<string, Record<string, number>> };
  requiresBackSide: { accuracy: number | null };
  latency: LatencySummary & {
    /**
     * The same figures for the time spent in the OCR models' runs alone (detection and recognition, nothing around
     * them): what the latency cannot go below with these models on this machine. Null when the analyzer has no
     * model clock.
     */
    inOcrModels: LatencySummary | null;
  };
  /**
   * Retake requests (RETAKE_PROBLEMS, KYC_007/KYC_015) over all document images, and the false ones: raised on an image
   * whose truth expects none (an intact document a person reads).
   */
  retakes: RetakeFigures;
  /** The headline figures per layout (MRZ valid, exact lines, fields per image / document, retakes, latency). */
  perLayout: Record<string, LayoutFigures>;
  /** Codes that need both sides, on documents whose sides were not compared (no compareSides): counted, not scored. */
  documentLevelCodesNotScored: Record<string, number>;
  /**
   * The unusable captures (runUnusableCaptures), per kind: how many, the codes expected, and the share on which the
   * analyzer raised every one of them. Their codes are scored with the documents' in `problems`; nothing else here
   * counts them.
   */
  unusableCaptures: {
    images: number;
    /**
     * Whether the analyzer looked for portraits (SideAnalysis.portrait.checked on some image). Without a detector
     * PORTRAIT_NOT_DETECTED cannot be raised, so it is then left out of the scores and so are the no_portrait captures.
     */
    portraitsChecked: boolean;
    kinds: Partial<Record<UnusableCaptureKind, { images: number; expected: string[]; allExpectedRaised: number | null }>>;
  };
}

/**
 * Documents left out of the fields per document: images that are not one document's sides as uploaded (the
 * pairing faults), and a card whose front prints another name or birth date than its back's MRZ on purpose.
 */
const UNSCOREABLE_DOCUMENT_FAULTS: readonly DocumentFault[] = [...ID_CARD_ONLY_FAULTS, 'viz_mrz_mismatch'];

/** Whether a document's images are one document's sides, printing one value per field (scored per document). */
function documentScoreable(sides: readonly LayoutRecord[]): boolean {
  return (
    sides.every((r) => r.truth.fieldsScoreable) &&
    !sides[sides.length - 1].truth.faults.some((f) => UNSCOREABLE_DOCUMENT_FAULTS.includes(f))
  );
}

function documentFieldAccuracy(records: GeneratedRecord[]): GeneratedReport['documentFields'] {
  const merged = records.filter((r) => r.documentExtractedData);
  if (merged.length === 0) return null;
  const scoreable = merged.filter((last) => {
    const images = records.filter((r) => r.truth.documentId === last.truth.documentId);
    return images.every((r) => r.truth.fieldsScoreable) && !last.truth.faults.some((f) => UNSCOREABLE_DOCUMENT_FAULTS.includes(f));
  });
  const pairs = scoreable.map((last) => {
    const truths = records.filter((r) => r.truth.documentId === last.truth.documentId).map((r) => r.truth.extractedData);
    // Each side's truth holds what that side prints; the document's is their union.
    const expected = Object.assign({}, ...[...truths].reverse()) as ExpectedFields;
    return { image: last.truth.documentId, expected: expectedSpecFields(expected), predicted: last.documentExtractedData ?? null };
  });
  return { documents: pairs.length, ...fieldAccuracy(pairs) };
}

function fieldPair(r: GeneratedRecord): FieldPair {
  return { image: r.truth.id, expected: expectedSpecFields(r.truth.extractedData), predicted: r.analysis?.extractedData ?? null };
}

/** The spec fields the image prints; fullName as the analyzer builds it, given names then surname. */
export function expectedSpecFields(truth: ExpectedFields): ExpectedFieldValues {
  const { firstName, lastName, dateOfBirth, nationality, sex, documentNumber, issueDate, expiryDate, placeOfBirth } = truth;
  return {
    fullName: `${firstName} ${lastName}`,
    firstName,
    lastName,
    dateOfBirth,
    nationality,
    sex,
    documentNumber,
    issueDate,
    expiryDate,
    placeOfBirth,
  };
}

function groundTruthOnly(scoreable: GeneratedRecord[]): GeneratedReport['groundTruthOnly'] {
  const rate = (right: (r: GeneratedRecord) => boolean) => ratio(scoreable.filter(right).length, scoreable.length);
  return {
    documentType: {
      comparedWith: 'detectedDocumentType (spec §2.7 data.documentType, §2.9 verification.documentType: beside extractedData)',
      images: scoreable.length,
      accuracy: rate((r) => r.analysis?.detectedDocumentType === r.truth.extractedData.documentType),
    },
    issuingCountry: {
      comparedWith: 'mrz.fields.issuingState (not a spec field; images without an MRZ read count as wrong)',
      images: scoreable.length,
      accuracy: rate((r) => {
        const read = r.analysis?.mrz?.fields?.issuingState?.value;
        return Boolean(read) && canonicalCountry(read) === canonicalCountry(r.truth.extractedData.issuingCountry);
      }),
    },
  };
}

/** Each signal code's details, joined when it fired more than once. */
function signalDetails(analysis: SideAnalysis | null): Record<string, string> {
  const details: Record<string, string> = {};
  for (const s of analysis?.authenticitySignals ?? []) {
    if (s.detail) details[s.code] = details[s.code] ? `${details[s.code]}; ${s.detail}` : s.detail;
  }
  return details;
}

function mrzValidRate(records: GeneratedRecord[]): number | null {
  const eligible = records.filter((r) => r.truth.mrz?.valid);
  return ratio(eligible.filter((r) => r.analysis?.mrz?.valid === true).length, eligible.length);
}

const PORTRAIT_NOT_DETECTED = 'PORTRAIT_NOT_DETECTED';

export function summarizeGenerated(
  records: GeneratedRecord[],
  allCaptures: CaptureRecord[] = [],
  layouts: readonly string[] = DOCUMENT_LAYOUTS,
): GeneratedReport {
  const portraitsChecked = [...records, ...allCaptures].some((r) => r.analysis?.portrait?.checked === true);
  const captures = portraitsChecked ? allCaptures : allCaptures.filter((c) => !c.truth.expectedProblems.includes(PORTRAIT_NOT_DETECTED));
  const isClean = (r: GeneratedRecord): boolean => r.truth.degradations.length === 0;
  const withMrz = records.filter((r) => r.truth.mrz);
  const mrzPairs = (rs: GeneratedRecord[]): { expected: string[]; predicted: string[] | null }[] =>
    rs.map((r) => ({ expected: r.truth.mrz!.lines, predicted: r.analysis?.mrz?.lines ?? null }));
  const byDegradation: Record<string, { images: number; rate: number | null }> = {};
  for (const kind of ['none', ...ALL_DEGRADATIONS]) {
    const rs = withMrz.filter((r) => (kind === 'none' ? isClean(r) : r.truth.degradations.some((d) => d.kind === kind)));
    byDegradation[kind] = { images: rs.length, rate: exactLineRate(mrzPairs(rs)) };
  }
  const invalidPrinted = withMrz.filter((r) => !r.truth.mrz!.valid);
  const scoreable = records.filter((r) => r.truth.fieldsScoreable);
  const accepted = scoreable.filter((r) => r.analysis != null && r.analysis.problems.length === 0);
  const confusion: Record<string, Record<string, number>> = {};
  for (const r of records) {
    const predicted = r.analysis?.detectedDocumentType ?? 'error';
    confusion[r.truth.documentType] ??= {};
    confusion[r.truth.documentType][predicted] = (confusion[r.truth.documentType][predicted] ?? 0) + 1;
  }
  const captureCodes = captures.flatMap((c) => c.truth.expectedProblems);
  const allProblemCodes = [...Object.values(FAULT_CODES).flatMap((c) => c.problems), ...captureCodes];
  const compared = records.filter((r) => r.sideComparison);
  if (compared.length > 0) allProblemCodes.push(MIXING);
  // The two sides' findings are scored on the upload that completes a card, where the service raises them.
  const problemPairs = [
    ...records.map((r) => ({
      image: r.truth.id,
      expected: [
        ...new Set([
          ...r.truth.expectedProblems,
          ...(r.sideComparison ? r.truth.documentProblems.filter((c) => CROSS_SIDE_CODES.includes(c)) : []),
        ]),
      ],
      predicted: [
        ...new Set([
          ...(r.analysis?.problems ?? []),
          ...(r.sideComparison?.mixingSuspected ? [MIXING] : []),
          ...(r.sideComparison?.zonesDisagree ? ['MRZ_CROSS_LOW_SCORE'] : []),
        ]),
      ],
    })),
    ...captures.map((r) => ({ image: r.truth.id, expected: r.truth.expectedProblems, predicted: r.analysis?.problems ?? [] })),
  ];
  const allSignalCodes = Object.values(FAULT_CODES).flatMap((c) => c.signals);
  const comparedDocuments = new Set(compared.map((r) => r.truth.documentId));
  const documentLevel: Record<string, number> = {};
  for (const r of records.filter((x) => !comparedDocuments.has(x.truth.documentId))) {
    for (const code of r.truth.documentProblems) documentLevel[code] = (documentLevel[code] ?? 0) + 1;
  }
  const latencies = records.map((r) => r.latencyMs);
  const modelLatencies = ocrModelLatencies(records);
  return {
    dataset: 'generated',
    layouts: layouts.filter((l) => records.some((r) => r.truth.layout === l)),
    documents: new Set(records.map((r) => r.truth.documentId)).size,
    images: records.length,
    analyzerErrors: records.filter((r) => r.error).length,
    mrz: {
      cleanValidRate: mrzValidRate(withMrz.filter(isClean)),
      degradedValidRate: mrzValidRate(withMrz.filter((r) => !isClean(r))),
      exactLineRate: exactLineRate(mrzPairs(withMrz)),
      exactLineRateClean: exactLineRate(mrzPairs(withMrz.filter(isClean))),
      exactLineRateDegraded: exactLineRate(mrzPairs(withMrz.filter((r) => !isClean(r)))),
      perLineRate: perLineRate(mrzPairs(withMrz)),
      invalidDetectedRate: ratio(
        invalidPrinted.filter((r) => r.analysis != null && r.analysis.mrz?.valid !== true).length,
        invalidPrinted.length,
      ),
      exactLineRateByDegradation: byDegradation,
    },
    fields: { images: scoreable.length, ...fieldAccuracy(scoreable.map(fieldPair)) },
    acceptedFields: { images: accepted.length, share: ratio(accepted.length, scoreable.length), ...fieldAccuracy(accepted.map(fieldPair)) },
    documentFields: documentFieldAccuracy(records),
    groundTruthOnly: groundTruthOnly(scoreable),
    problems: codePrecisionRecall(problemPairs, [...new Set(allProblemCodes)]),
    signals: codePrecisionRecall(
      records.map((r) => ({
        expected: r.truth.expectedSignals,
        predicted: (r.analysis?.authenticitySignals ?? []).map((s) => s.code),
      })),
      allSignalCodes,
    ),
    codeErrors: {
      problems: codeErrors(problemPairs),
      signals: codeErrors(
        records.map((r) => ({
          image: r.truth.id,
          expected: r.truth.expectedSignals,
          predicted: (r.analysis?.authenticitySignals ?? []).map((s) => s.code),
          details: signalDetails(r.analysis),
        })),
      ),
    },
    documentType: {
      accuracy: ratio(records.filter((r) => r.analysis?.detectedDocumentType === r.truth.documentType).length, records.length),
      confusion,
    },
    requiresBackSide: {
      accuracy: ratio(
        records.filter((r) => r.analysis != null && r.analysis.requiresBackSide === r.truth.requiresBackSide).length,
        records.length,
      ),
    },
    latency: {
      ...latencySummary(latencies),
      inOcrModels: modelLatencies.length === records.length && records.length > 0 ? latencySummary(modelLatencies) : null,
    },
    retakes: retakeFigures(records),
    perLayout: figuresByLayout(records, layouts, expectedSpecFields, documentScoreable),
    documentLevelCodesNotScored: documentLevel,
    unusableCaptures: { images: captures.length, portraitsChecked, kinds: captureKinds(captures) },
  };
}

/** The images' times in the OCR models, of the records that have one (all, or none: the analyzer has a clock or not). */
export function ocrModelLatencies(records: GeneratedRecord[]): number[] {
  return records.flatMap((r) => (typeof r.ocrModelMs === 'number' ? [r.ocrModelMs] : []));
}

function latencySummary(latencies: number[]): LatencySummary {
  return {
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    meanMs: ratio(
      latencies.reduce((a, b) => a + b, 0),
      latencies.length,
    ),
  };
}

function captureKinds(captures: CaptureRecord[]): GeneratedReport['unusableCaptures']['kinds'] {
  const kinds: GeneratedReport['unusableCaptures']['kinds'] = {};
  for (const kind of ALL_UNUSABLE_CAPTURES) {
    const of = captures.filter((c) => c.truth.kind === kind);
    if (of.length === 0) continue;
    const raisedAll = of.filter((c) => c.truth.expectedProblems.every((code) => c.analysis?.problems.includes(code))).length;
    kinds[kind] = { images: of.length, expected: UNUSABLE_CAPTURE_PROBLEMS[kind], allExpectedRaised: ratio(raisedAll, of.length) };
  }
  return kinds;
}
