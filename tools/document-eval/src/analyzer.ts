/**
 * The analyzer's public shape, declared here so the harness builds without @kyc/document-intelligence
 * (a separate package). The real one is loaded at run time by loadAnalyzer().
 */
export type AnalyzerDocumentType = 'passport' | 'id_card' | 'driver_license' | 'residence_permit' | 'unknown' | string;

/** Spec §2.9 verification.extractedData as the analyzer returns it. */
export interface AnalyzedFields {
  fullName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  dateOfBirth?: string | null;
  documentNumber?: string | null;
  nationality?: string | null;
  sex?: string | null;
  expiryDate?: string | null;
  issueDate?: string | null;
  placeOfBirth?: string | null;
}

export interface SideAnalysis {
  detectedDocumentType: AnalyzerDocumentType;
  detectionConfidence: number;
  requiresBackSide: boolean;
  mrz: {
    format: string;
    lines: string[];
    valid: boolean;
    fields?: Record<string, { value?: string; valid?: boolean }>;
    checkDigits?: unknown;
  } | null;
  extractedData: AnalyzedFields;
  problems: string[];
  authenticitySignals: { code: string; detail?: string; severity?: string }[];
  /** Whether a portrait detector looked for the face (the library alone has none; the document service does). */
  portrait?: { checked: boolean; found?: boolean };
  timingsMs: { total: number };
}

export interface AnalyzeOptions {
  side: 'front' | 'back' | 'main';
  declaredType?: string;
  now?: Date;
}

export type DocumentAnalyzer = (image: Buffer, opts: AnalyzeOptions) => Promise<SideAnalysis>;

/**
 * Whether a card's front and back show one document (DOCUMENT_MIXING_SUSPECTED when not), and whether the front's
 * printed data disagree with the back's MRZ on one document (MRZ_CROSS_LOW_SCORE, the card's cross-check).
 */
export interface SideComparison {
  mixingSuspected: boolean;
  zonesDisagree?: boolean;
  reason?: string;
}

export type SideComparer = (front: SideAnalysis, back: SideAnalysis) => SideComparison;

/** A document's extractedData from all its analysed sides, as the service merges them for the verification (§2.9). */
export type SideMerger = (sides: SideAnalysis[]) => AnalyzedFields;

/** Wall time spent in the OCR models since the analyzer's process started (`ocrModelTime` of the analyzer module). */
export interface OcrModelTime {
  detectionMs: number;
  recognitionMs: number;
}

export type OcrModelClock = () => OcrModelTime;

export type LoadResult =
  | { ok: true; analyzer: DocumentAnalyzer; compareSides?: SideComparer; mergeSides?: SideMerger; ocrModelTime?: OcrModelClock }
  | { ok: false; reason: string };

export const ANALYZER_PACKAGE = '@kyc/document-intelligence';

/**
 * Loads analyzeDocumentSide from the installed analyzer package, or says why it cannot; and, when it has them,
 * compareSides (scores DOCUMENT_MIXING_SUSPECTED on the cards), mergeDocumentSides (scores the fields per
 * document, as the verification reports them) and ocrModelTime (the share of each image's latency spent in the OCR
 * models).
 */
export function loadAnalyzer(moduleName = ANALYZER_PACKAGE): LoadResult {
  let loaded: unknown;
  try {
    // A run-time require on purpose: this harness must build and test without that package present.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(moduleName);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `${moduleName} is not installed or failed to load (${message.split('\n')[0]}); build it first` };
  }
  const fn = (loaded as { analyzeDocumentSide?: unknown }).analyzeDocumentSide;
  if (typeof fn !== 'function') return { ok: false, reason: `${moduleName} does not export analyzeDocumentSide()` };
  const { compareSides, mergeDocumentSides, ocrModelTime } = loaded as {
    compareSides?: unknown;
    mergeDocumentSides?: unknown;
    ocrModelTime?: unknown;
  };
  return {
    ok: true,
    analyzer: fn as DocumentAnalyzer,
    ...(typeof compareSides === 'function' ? { compareSides: compareSides as SideComparer } : {}),
    ...(typeof mergeDocumentSides === 'function' ? { mergeSides: mergeDocumentSides as SideMerger } : {}),
    ...(typeof ocrModelTime === 'function' ? { ocrModelTime: ocrModelTime as OcrModelClock } : {}),
  };
}
