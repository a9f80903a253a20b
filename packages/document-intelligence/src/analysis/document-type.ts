import { type MrzReading } from '../mrz/types';
import { type DeclaredDocumentType, type DetectedDocumentType } from './types';

export interface DocumentTypeDecision {
  type: DetectedDocumentType;
  confidence: number;
  requiresBackSide: boolean;
  basis: 'mrz' | 'printed-wording' | 'declared' | 'none';
}

// Folded (lower-case ASCII) wordings printed on documents; the OCR sometimes glues words, so also without spaces.
const WORDINGS: { type: DeclaredDocumentType; words: string[] }[] = [
  { type: 'residence_permit', words: ['residence permit', 'aufenthaltstitel', 'titre de sejour', 'aufenthaltserlaubnis', 'permis de sejour'] },
  { type: 'driver_license', words: ['driving licence', 'driving license', 'driver license', "driver's license", 'fuhrerschein', 'permis de conduire'] },
  { type: 'passport', words: ['passport', 'passeport', 'reisepass'] },
  { type: 'id_card', words: ['identity card', "carte nationale d'identite", 'carte nationale didentite', "carte d'identite", 'personalausweis', 'identitatskarte', 'id card'] },
];

/** Residence permits carry document codes IR/AR/RP…; Doc 9303 leaves the second letter to the state. */
const RESIDENCE_PERMIT_CODES = new Set(['IR', 'AR', 'RP', 'RT', 'CR']);

/**
 * MRZ first (document code and format are printed to be machine-read), then printed wording, then what the
 * client declared. Confidence reflects the basis: a valid MRZ 0.95, an MRZ with failures 0.75, wording 0.6,
 * declared type only 0.3, nothing 0.1. Passports are single-sided; every other type, and 'unknown', asks for
 * the back so a card is never accepted on its front alone.
 */
export function decideDocumentType(mrz: MrzReading | null, foldedText: string, declared?: DeclaredDocumentType): DocumentTypeDecision {
  let type: DetectedDocumentType = 'unknown';
  let confidence = 0.1;
  let basis: DocumentTypeDecision['basis'] = 'none';
  const worded = WORDINGS.find((w) => w.words.some((word) => foldedText.includes(word) || foldedText.includes(word.replace(/ /g, ''))));
  if (mrz) {
    const code = mrz.fields.documentCode?.value ?? '';
    if (RESIDENCE_PERMIT_CODES.has(code) || worded?.type === 'residence_permit') type = 'residence_permit';
    else if (code.startsWith('P') || mrz.format === 'TD3') type = 'passport';
    else if (code.startsWith('D') && worded?.type === 'driver_license') type = 'driver_license';
    else type = 'id_card';
    confidence = mrz.valid ? 0.95 : 0.75;
    basis = 'mrz';
  } else if (worded) {
    type = worded.type;
    confidence = 0.6;
    basis = 'printed-wording';
  } else if (declared) {
    type = declared;
    confidence = 0.3;
    basis = 'declared';
  }
  if (declared && type !== 'unknown' && type !== declared) confidence = Math.min(confidence, 0.5);
  return { type, confidence, requiresBackSide: type !== 'passport', basis };
}
