import { compareSides, mrzNamesMayMissLetters } from '@kyc/document-intelligence';
import type {
  AuthenticitySignal,
  DetectedDocumentType,
  DocumentSide,
  ExtractedData,
  ImageQuality,
  MrzFormat,
  ProblemCode,
  SideAnalysis,
  SideComparison,
} from '@kyc/document-intelligence';

/**
 * Problems the user can fix by photographing the side again. The session service applies the
 * spec's rule to them (first occurrence → KYC_007 retake, repeat → recorded, manual_review).
 */
export const RECOVERABLE_PROBLEMS: readonly ProblemCode[] = [
  'WRONG_SIDE_BACK_UPLOADED',
  'PORTRAIT_NOT_DETECTED',
  'MRZ_CROSS_LOW_SCORE',
  'DOCUMENT_MIXING_SUSPECTED',
  'LOW_DETECTION_CONFIDENCE',
  'DOCUMENT_QUALITY_TOO_LOW',
  'MRZ_DATA_UNREADABLE',
];

/**
 * Findings a retake cannot change: an expired document stays expired, a card back without an MRZ
 * stays without one. They are recorded and judged at submit (scoring: KYC_013, resubmit_back).
 */
export const HARD_FINDINGS: readonly ProblemCode[] = ['DOC_EXPIRED', 'MRZ_MISSING_BACK_SIDE'];

/** A box as fractions (0–1) of the image the analysis kept, i.e. after its rotation. */
export interface RelativeBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PortraitRecord {
  checked: boolean;
  found: boolean;
  confidence?: number;
  /** Why no check was made (detector unavailable, image not analysed). */
  reason?: string;
  box?: RelativeBox;
}

/** What the MRZ said about itself; the personal fields live in extractedData only. */
export interface MrzSummary {
  format: MrzFormat;
  valid: boolean;
  documentCode?: string;
  issuingState?: string;
  failedCheckDigits: string[];
  anomalies: number;
  repairs: number;
  /** A name line came in short: its names may have lost letters (absent on sides stored before it was kept). */
  namesMayMissLetters?: boolean;
}

/**
 * What each zone read on its own, for the reviewer's case view (issue 29): the MRZ's fields as
 * parsed and the visual zone's values, beside the combined extractedData. Personal data like
 * extractedData, purged with the side. Absent on sides stored before it was kept.
 */
export interface ZoneReadings {
  mrz: Record<string, string>;
  viz: Record<string, string>;
}

export function zoneReadingsOf(analysis: Pick<SideAnalysis, 'mrz' | 'viz'>): ZoneReadings {
  const mrz = Object.fromEntries(
    Object.entries(analysis.mrz?.fields ?? {})
      .filter(([, field]) => typeof field?.value === 'string' && field.value.replace(/</g, '').trim() !== '')
      .map(([name, field]) => [name, field.value]),
  );
  const { raw: _raw, text: _text, ...vizValues } = analysis.viz ?? { raw: {}, text: '' };
  const viz = Object.fromEntries(
    Object.entries(vizValues).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
  return { mrz, viz };
}

/** The persisted outcome of analysing one side: enough to answer evidence and crop the portrait. */
export interface RecordedSide {
  side: DocumentSide;
  documentType: DetectedDocumentType;
  detectionConfidence: number;
  /** The library's answer; see documentRequiresBackSide for what the API says. */
  requiresBackSide: boolean;
  problems: ProblemCode[];
  authenticitySignals: AuthenticitySignal[];
  extractedData: ExtractedData;
  mrz: MrzSummary | null;
  readings?: ZoneReadings;
  portrait: PortraitRecord;
  /** Clockwise degrees the stored image must be turned to match `portrait.box`. */
  rotation: 0 | 90 | 180 | 270;
  quality: ImageQuality;
  failure?: string;
  analysisMs: number;
}

export function recordSide(analysis: SideAnalysis, portraitBox?: RelativeBox): RecordedSide {
  const { mrz, portrait } = analysis;
  return {
    side: analysis.side,
    documentType: analysis.detectedDocumentType,
    detectionConfidence: analysis.detectionConfidence,
    requiresBackSide: analysis.requiresBackSide,
    problems: [...analysis.problems],
    authenticitySignals: analysis.authenticitySignals.map(({ code, detail, severity }) => ({ code, detail, severity })),
    extractedData: { ...analysis.extractedData },
    mrz: mrz
      ? {
          format: mrz.format,
          valid: mrz.valid,
          documentCode: mrz.fields.documentCode?.value || undefined,
          issuingState: mrz.fields.issuingState?.value || undefined,
          failedCheckDigits: mrz.checkDigits.filter((c) => !c.valid).map((c) => c.name),
          anomalies: mrz.anomalies.length,
          repairs: mrz.repairs.length,
          namesMayMissLetters: mrzNamesMayMissLetters(mrz),
        }
      : null,
    readings: zoneReadingsOf(analysis),
    portrait: portrait.checked
      ? {
          checked: true,
          found: portrait.found,
          confidence: portrait.confidence,
          ...(portrait.found && portraitBox ? { box: portraitBox } : {}),
        }
      : { checked: false, found: false, reason: portrait.reason },
    rotation: analysis.rotation,
    quality: analysis.quality,
    ...(analysis.failure ? { failure: analysis.failure } : {}),
    analysisMs: analysis.timingsMs.total,
  };
}

export interface UploadVerdict {
  detectedDocumentType: DetectedDocumentType;
  detectionConfidence: number;
  isValidDocument: boolean;
  requiresBackSide: boolean;
  /** Recoverable problems only, in the library's order, cross-side ones last. */
  issueCodes: ProblemCode[];
}

/**
 * The upload answer (spec 2.4) for a side. `detectedDocumentType` keeps the library's value,
 * `unknown` included (README: API decisions). A document is "valid" when it was recognised with
 * enough confidence — not a verdict on authenticity or expiry, which submit makes.
 */
export function judgeUpload(recorded: RecordedSide, crossSideProblems: readonly ProblemCode[] = []): UploadVerdict {
  const problems = [...new Set([...recorded.problems, ...crossSideProblems])];
  return {
    detectedDocumentType: recorded.documentType,
    detectionConfidence: recorded.detectionConfidence,
    isValidDocument: !recorded.failure && recorded.documentType !== 'unknown' && !recorded.problems.includes('LOW_DETECTION_CONFIDENCE'),
    requiresBackSide: documentRequiresBackSide(recorded.documentType, [recorded.side]),
    issueCodes: problems.filter((code) => RECOVERABLE_PROBLEMS.includes(code)),
  };
}

/**
 * Passports are single-sided, every recognised card needs its back. When nothing names the
 * document, the side the client chose decides: `main` is the passport page of the API (4.4), so
 * asking for a back would strand the user; `front` keeps asking for the back.
 */
export function documentRequiresBackSide(type: DetectedDocumentType, sides: readonly DocumentSide[]): boolean {
  if (type === 'unknown') return !sides.includes('main');
  return type !== 'passport';
}

/** The shape compareSides reads, rebuilt from what was stored (no OCR text or MRZ lines are kept). */
export function asSideAnalysis(recorded: RecordedSide): SideAnalysis {
  const fields: Record<string, { value: string }> = {};
  if (recorded.mrz?.documentCode) fields.documentCode = { value: recorded.mrz.documentCode };
  if (recorded.mrz?.issuingState) fields.issuingState = { value: recorded.mrz.issuingState };
  return {
    side: recorded.side,
    detectedDocumentType: recorded.documentType,
    detectionConfidence: recorded.detectionConfidence,
    requiresBackSide: recorded.requiresBackSide,
    mrz: recorded.mrz
      ? {
          format: recorded.mrz.format,
          lines: [],
          rawLines: [],
          valid: recorded.mrz.valid,
          fields,
          checkDigits: [],
          repairs: [],
          anomalies: [],
        }
      : null,
    viz: { raw: {}, text: '' },
    extractedData: recorded.extractedData,
    problems: recorded.problems,
    authenticitySignals: recorded.authenticitySignals,
    issues: [],
    quality: recorded.quality,
    portrait: recorded.portrait.checked
      ? { checked: true, found: recorded.portrait.found, confidence: recorded.portrait.confidence }
      : { checked: false, reason: recorded.portrait.reason ?? '' },
    rotation: recorded.rotation,
    failure: recorded.failure,
    timingsMs: { ocr: 0, mrz: 0, total: recorded.analysisMs },
  };
}

/**
 * A card's front and back compared from what was stored of each (null until both are there and analysed): the
 * service raises DOCUMENT_MIXING_SUSPECTED at the upload that completes the card, and submit records it.
 */
export function compareCardSides(sides: readonly RecordedSide[]): SideComparison | null {
  const front = sides.find((s) => s.side === 'front');
  const back = sides.find((s) => s.side === 'back');
  if (!front || !back || front.failure || back.failure) return null;
  return compareSides(asSideAnalysis(front), asSideAnalysis(back));
}
