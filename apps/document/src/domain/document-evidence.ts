import { lostLettersOf } from '@kyc/document-intelligence';
import type { DetectedDocumentType, DocumentSide, ExtractedData, ProblemCode, SideComparison } from '@kyc/document-intelligence';
import { documentRequiresBackSide, HARD_FINDINGS, type RecordedSide } from './side-judgement';

export type SignalKind = 'problem' | 'hard' | 'authenticity';
export type SignalSeverity = 'low' | 'medium' | 'high';

export interface EvidenceSignal {
  code: string;
  kind: SignalKind;
  severity: SignalSeverity;
  side: DocumentSide | 'document';
  /** For reviewers only; may hold document values, so it is never logged. */
  detail: string;
}

export interface CombinedEvidence {
  documentType: DetectedDocumentType;
  extractedData: ExtractedData;
  signals: EvidenceSignal[];
  /**
   * The lowest over the stored sides: the document is only as certain as its weakest side — but for a card whose
   * front names the same document as its back (`sidesOneDocument`), the highest: see documentDetectionConfidence.
   */
  detectionConfidence: number;
  /** The side whose portrait GetPortrait crops, or null. */
  portraitSide: DocumentSide | null;
  requiresBackSide: boolean;
  sides: DocumentSide[];
  /** At least one side was read: a document type or some field came out of it. */
  analysed: boolean;
}

const SIDE_ORDER: readonly DocumentSide[] = ['main', 'front', 'back'];
/** Passport pages and card fronts carry the holder's portrait (the library judges the same way). */
const PORTRAIT_SIDES: readonly DocumentSide[] = ['main', 'front'];
/**
 * Severity of spec problems: a recoverable problem lowers confidence in what was read (medium);
 * a hard finding decides the outcome on its own (high).
 */
const PROBLEM_SEVERITY: Record<'problem' | 'hard', SignalSeverity> = { problem: 'medium', hard: 'high' };

/**
 * Everything submit needs from the stored sides. `mixing` is compareSides(front, back) when both
 * were analysed; `now` re-checks expiry on the combined data (a side may have been read days ago,
 * or its expiry may only come from the other side).
 */
export function combineSides(recorded: readonly RecordedSide[], mixing: SideComparison | null, now: Date): CombinedEvidence {
  const sides = [...recorded].sort((a, b) => SIDE_ORDER.indexOf(a.side) - SIDE_ORDER.indexOf(b.side));
  const signals: EvidenceSignal[] = [];
  for (const side of sides) {
    for (const code of side.problems) {
      const kind = HARD_FINDINGS.includes(code) ? 'hard' : 'problem';
      signals.push({ code, kind, severity: PROBLEM_SEVERITY[kind], side: side.side, detail: problemDetail(code, side) });
    }
    for (const signal of side.authenticitySignals) {
      signals.push({ code: signal.code, kind: 'authenticity', severity: signal.severity, side: side.side, detail: signal.detail });
    }
  }
  if (mixing?.mixingSuspected) {
    signals.push({
      code: 'DOCUMENT_MIXING_SUSPECTED',
      kind: 'problem',
      severity: PROBLEM_SEVERITY.problem,
      side: 'document',
      detail: mixing.reason ?? 'front and back disagree',
    });
  } else if (mixing?.zonesDisagree && !signals.some((s) => s.code === 'MRZ_CROSS_LOW_SCORE')) {
    signals.push({
      code: 'MRZ_CROSS_LOW_SCORE',
      kind: 'problem',
      severity: PROBLEM_SEVERITY.problem,
      side: 'document',
      detail: mixing.reason ?? "the front's printed data disagree with the back's MRZ",
    });
  }
  const extractedData = mergeExtractedData(sides);
  const today = now.toISOString().slice(0, 10);
  if (extractedData.expiryDate && extractedData.expiryDate < today && !signals.some((s) => s.code === 'DOC_EXPIRED')) {
    signals.push({
      code: 'DOC_EXPIRED',
      kind: 'hard',
      severity: PROBLEM_SEVERITY.hard,
      side: 'document',
      detail: 'the combined expiry date is past',
    });
  }
  const documentType = combinedDocumentType(sides);
  const names = sides.map((s) => s.side);
  return {
    documentType,
    extractedData,
    signals,
    detectionConfidence: documentDetectionConfidence(sides, mixing),
    portraitSide: choosePortraitSide(sides)?.side ?? null,
    requiresBackSide: documentRequiresBackSide(documentType, names),
    sides: names,
    analysed: sides.some((s) => !s.failure && (s.documentType !== 'unknown' || Object.keys(s.extractedData).length > 0)),
  };
}

/**
 * A side's detection confidence says how surely that side names the document's type: 0.95 for a valid MRZ, 0.55–0.6
 * for a card front, which carries no MRZ and is told by its wording or layout. Taken alone the lowest side would
 * cost every identity card a third of a passport's document weight in the score (0.3 × (0.95 − 0.6)), however well
 * it was read: genuine cards read in full landed at confidence 0.80–0.82 against the 0.8 auto-approval (one at
 * 0.799 went to review). Once the front is shown to be of the document the back's MRZ names — the sides agree
 * (compareSides: no mixing, no disagreement) and the front prints the same document number, or the same birth and
 * expiry dates — the card is as certain as its best-named side. Otherwise the weakest side, as before.
 */
export function documentDetectionConfidence(sides: readonly RecordedSide[], comparison: SideComparison | null): number {
  if (sides.length === 0) return 0;
  const confidences = sides.map((s) => s.detectionConfidence);
  const front = sides.find((s) => s.side === 'front');
  const back = sides.find((s) => s.side === 'back');
  const agree = comparison !== null && !comparison.mixingSuspected && !comparison.zonesDisagree;
  return agree && front && back && sidesOneDocument(front.extractedData, back.extractedData)
    ? Math.max(...confidences)
    : Math.min(...confidences);
}

/** The front prints the back's document number, or its birth and expiry dates (exactly, as both sides read them). */
function sidesOneDocument(front: ExtractedData, back: ExtractedData): boolean {
  const number = (value?: string) => (value ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (number(front.documentNumber) !== '' && number(front.documentNumber) === number(back.documentNumber)) return true;
  return Boolean(front.dateOfBirth && front.expiryDate && front.dateOfBirth === back.dateOfBirth && front.expiryDate === back.expiryDate);
}

/** The passport page, else the card front, when the detector found a face on it. */
export function choosePortraitSide(sides: readonly RecordedSide[]): RecordedSide | undefined {
  return PORTRAIT_SIDES.map((name) => sides.find((s) => s.side === name)).find((s) => s?.portrait.found && s.portrait.box);
}

/**
 * Field by field from the most trustworthy side: a valid MRZ, then any MRZ, then the visual zone
 * alone. Each side's own data is already MRZ-first (the library's buildExtractedData).
 */
export function mergeExtractedData(sides: readonly RecordedSide[]): ExtractedData {
  const trust = (s: RecordedSide) => (s.failure ? -1 : s.mrz?.valid ? 2 : s.mrz ? 1 : 0);
  const ranked = sides.filter((s) => !s.failure).sort((a, b) => trust(b) - trust(a));
  const merged: ExtractedData = {};
  const fields = [
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
  for (const field of fields) {
    const source = ranked.find((s) => s.extractedData[field] !== undefined && s.extractedData[field] !== '');
    const value = source?.extractedData[field];
    if (source && value !== undefined)
      merged[field] = field === 'lastName' || field === 'firstName' ? nameWithLostLetters(field, value, source, ranked) : value;
  }
  const fullName =
    [merged.firstName, merged.lastName].filter(Boolean).join(' ') || ranked.map((s) => s.extractedData.fullName).find(Boolean);
  if (fullName) merged.fullName = fullName;
  return merged;
}

/**
 * A name from an MRZ whose name line came in short may have lost letters (`OKAFOR<<UKI` for YUKI, `DUPNT<<LOS`); the
 * library takes the page's printed name on the same side, and here a card's front stands in for its back: the
 * printed name is taken when it is the MRZ name plus one to three letters (`lostLettersOf`).
 */
function nameWithLostLetters(field: 'lastName' | 'firstName', name: string, source: RecordedSide, sides: readonly RecordedSide[]): string {
  if (!source.mrz?.namesMayMissLetters) return name;
  const printed = sides
    .filter((s) => s !== source)
    .map((s) => s.extractedData[field])
    .find((v) => v && lostLettersOf(name, v));
  return printed ? printed.toUpperCase() : name;
}

/** The most confident named type; `unknown` only when no side names one. */
function combinedDocumentType(sides: readonly RecordedSide[]): DetectedDocumentType {
  const named = sides.filter((s) => s.documentType !== 'unknown').sort((a, b) => b.detectionConfidence - a.detectionConfidence);
  return named[0]?.documentType ?? 'unknown';
}

function problemDetail(code: ProblemCode, side: RecordedSide): string {
  if (side.failure) return side.failure;
  switch (code) {
    case 'MRZ_DATA_UNREADABLE':
      if (!side.mrz) return 'no readable MRZ on a side that must carry one';
      return `${side.mrz.format} MRZ${side.mrz.failedCheckDigits.length ? `, failed check digits: ${side.mrz.failedCheckDigits.join(', ')}` : ''}${side.mrz.anomalies ? `, ${side.mrz.anomalies} layout anomalies` : ''}`;
    case 'PORTRAIT_NOT_DETECTED':
      return 'the face detector found no portrait';
    case 'LOW_DETECTION_CONFIDENCE':
      return `document type ${side.documentType} at confidence ${side.detectionConfidence.toFixed(2)}`;
    case 'DOCUMENT_QUALITY_TOO_LOW': {
      const q = side.quality;
      return `${q.width}×${q.height}, sharpness ${q.blur.toFixed(1)}, brightness ${q.brightness.toFixed(0)}, glare ${(q.glare * 100).toFixed(0)} %`;
    }
    default:
      return '';
  }
}
