import { resolvePersona } from '@kyc/test-personas';

export type DocumentSide = 'front' | 'back' | 'main';

export interface SideAnalysisResult {
  detectedDocumentType: string;
  detectionConfidence: number;
  isValidDocument: boolean;
  requiresBackSide: boolean;
  issueCodes: string[];
  /** False until the document-intelligence models judge real documents. */
  analysed: boolean;
}

/**
 * Test mode answers like a clean document of the expected kind: a `main` side is a passport,
 * front and back belong to a two-sided ID card.
 */
export function testModeAnalysis(side: DocumentSide): SideAnalysisResult {
  const passport = side === 'main';
  return { detectedDocumentType: passport ? 'passport' : 'id_card', detectionConfidence: 0.99, isValidDocument: true, requiresBackSide: !passport, issueCodes: [], analysed: true };
}

/**
 * Sandbox and live, until OCR/MRZ/VIZ land: the image is validated and recorded, nothing is
 * claimed about it. The side tells the expected layout; confidence 0 says nothing was detected,
 * and no issue is raised (an issue would ask the user for a retake we cannot justify).
 */
export function unanalysedSide(side: DocumentSide): SideAnalysisResult {
  const passport = side === 'main';
  return { detectedDocumentType: passport ? 'passport' : 'id_card', detectionConfidence: 0, isValidDocument: false, requiresBackSide: !passport, issueCodes: [], analysed: false };
}

export function testModeEvidence(email: string) {
  const persona = resolvePersona(email);
  return { documentType: persona.documentType, ...persona.extractedData, analysed: true };
}
