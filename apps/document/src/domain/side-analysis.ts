import { resolvePersona } from '@kyc/test-personas';

export type DocumentSide = 'front' | 'back' | 'main';

export interface SideAnalysisResult {
  detectedDocumentType: string;
  detectionConfidence: number;
  isValidDocument: boolean;
  requiresBackSide: boolean;
  issueCodes: string[];
  analysed: boolean;
}

/**
 * Test mode answers like a clean document of the expected kind: a `main` side is a passport,
 * front and back belong to a two-sided ID card.
 */
export function testModeAnalysis(side: DocumentSide): SideAnalysisResult {
  const passport = side === 'main';
  return {
    detectedDocumentType: passport ? 'passport' : 'id_card',
    detectionConfidence: 0.99,
    isValidDocument: true,
    requiresBackSide: !passport,
    issueCodes: [],
    analysed: true,
  };
}

export function testModeEvidence(email: string) {
  const persona = resolvePersona(email);
  return { documentType: persona.documentType, ...persona.extractedData, analysed: true };
}
