import { type AppliedDegradation } from './degrade/degradations';
import { type DocumentFault } from './faults';
import { type DocumentLayout } from './document-layouts';
import { type MrzFormat } from './mrz/validate';

export type GeneratedDocumentType = 'passport' | 'id_card';
export type DocumentSide = 'front' | 'back' | 'main';

/** The fields an analyzer should extract from this one image (what the image itself prints). */
export interface ExpectedFields {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  documentNumber: string;
  nationality: string;
  sex: 'M' | 'F';
  /** YYYY-MM-DD */
  expiryDate: string;
  /** YYYY-MM-DD; only when this side prints it (passport data page; a card side as its layout has it). */
  issueDate?: string;
  /** As the identity holds it (mixed case, with diacritics); only when this side prints it. */
  placeOfBirth?: string;
  /** Not an extractedData field of the API spec; the eval reports it apart. */
  issuingCountry: string;
  /** Not an extractedData field of the API spec (it is data.documentType beside it); the eval reports it apart. */
  documentType: GeneratedDocumentType;
}

/** Ground truth for one generated image, written beside it as <id>.json. */
export interface ImageGroundTruth {
  id: string;
  documentId: string;
  file: string;
  seed: number;
  /** The look it was drawn in (DOCUMENT_LAYOUTS). */
  layout: DocumentLayout;
  /** The "today" the document was generated for; pass it as the analyzer's `now`. */
  referenceDate: string;
  documentType: GeneratedDocumentType;
  /** The side this image really shows. */
  side: DocumentSide;
  /** The side the user claimed when uploading (differs for the back-uploaded-as-front fault). */
  uploadedAs: DocumentSide;
  issuingCountry: string;
  requiresBackSide: boolean;
  /** The MRZ as printed (null when this side has none) and whether its check digits are all correct. */
  mrz: { format: MrzFormat; lines: string[]; valid: boolean } | null;
  extractedData: ExpectedFields;
  /** False when the image prints two different values for a field on purpose (VIZ/MRZ mismatch). */
  fieldsScoreable: boolean;
  /** Spec reason codes a single-side analysis of this image should report. */
  expectedProblems: string[];
  expectedSignals: string[];
  /** Codes that need the other side too (e.g. DOCUMENT_MIXING_SUSPECTED). */
  documentProblems: string[];
  faults: DocumentFault[];
  degradations: AppliedDegradation[];
  image: { width: number; height: number };
}
