import { type MrzReading } from '../mrz/types';
import { type ImageQuality } from '../quality/measure-quality';
import { type VizReading } from '../viz/read-viz';

export type DocumentSide = 'front' | 'back' | 'main';
export type DeclaredDocumentType = 'passport' | 'id_card' | 'driver_license' | 'residence_permit';
/** 'unknown' when neither MRZ nor printed wording names the document. */
export type DetectedDocumentType = DeclaredDocumentType | 'unknown';

/** Reason codes of spec §2.8 that document analysis can raise. */
export type ProblemCode =
  | 'WRONG_SIDE_BACK_UPLOADED'
  | 'PORTRAIT_NOT_DETECTED'
  | 'MRZ_CROSS_LOW_SCORE'
  | 'DOCUMENT_MIXING_SUSPECTED'
  | 'LOW_DETECTION_CONFIDENCE'
  | 'DOCUMENT_QUALITY_TOO_LOW'
  | 'MRZ_DATA_UNREADABLE'
  | 'MRZ_MISSING_BACK_SIDE'
  | 'DOC_EXPIRED';

export type AuthenticitySignalCode =
  | 'CHECK_DIGIT_FAILED'
  | 'MRZ_LAYOUT_ANOMALY'
  | 'INVALID_COUNTRY_CODE'
  | 'SPECIMEN_DOCUMENT'
  | 'ISSUE_AFTER_EXPIRY'
  | 'BIRTH_IN_FUTURE'
  | 'BIRTH_AFTER_ISSUE'
  | 'AGE_OUT_OF_RANGE'
  | 'VALIDITY_TOO_LONG'
  | 'MRZ_VIZ_MISMATCH'
  | 'GREYSCALE_COPY'
  | 'SCREEN_RECAPTURE_SUSPECTED';

export interface AuthenticitySignal {
  code: AuthenticitySignalCode;
  /** Internal detail for reviewers; never sent to integrators or end users. */
  detail: string;
  severity: 'low' | 'medium' | 'high';
}

/** Spec §2.9 verification.extractedData; dates YYYY-MM-DD, nationality alpha-3, sex one letter. */
export interface ExtractedData {
  fullName?: string;
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  nationality?: string;
  sex?: string;
  documentNumber?: string;
  issueDate?: string;
  expiryDate?: string;
  placeOfBirth?: string;
}

/** Spec §2.7 submit response data.extractedData (trimmed set). */
export type SubmitExtractedData = Pick<ExtractedData, 'fullName' | 'firstName' | 'lastName' | 'dateOfBirth' | 'nationality' | 'sex'>;

/** Port for the face library: is there a portrait on this side? */
export interface PortraitDetector {
  detectPortrait(image: { data: Buffer; width: number; height: number }): Promise<PortraitCheck>;
}

export type PortraitCheck = { checked: false; reason: string } | { checked: true; found: boolean; confidence?: number };

/** Public issue entry of spec §2.8: problems plus GENERIC_REVIEW for any authenticity signal. */
export interface DocumentIssue {
  code: ProblemCode | 'GENERIC_REVIEW';
  scope: DocumentSide;
}

export interface SideAnalysis {
  side: DocumentSide;
  detectedDocumentType: DetectedDocumentType;
  detectionConfidence: number;
  requiresBackSide: boolean;
  mrz: MrzReading | null;
  viz: VizReading;
  extractedData: ExtractedData;
  problems: ProblemCode[];
  authenticitySignals: AuthenticitySignal[];
  /** What may be shown: problems and, when any signal of medium or high severity fired, GENERIC_REVIEW. */
  issues: DocumentIssue[];
  quality: ImageQuality;
  portrait: PortraitCheck;
  /** Clockwise rotation (degrees) applied before the reading that was kept. */
  rotation: 0 | 90 | 180 | 270;
  /** Set when the image could not be decoded or analysed; the rest of the result is then empty. */
  failure?: string;
  timingsMs: { ocr: number; mrz: number; total: number };
}
