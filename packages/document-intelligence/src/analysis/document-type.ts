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

/** Wordings at least this long (spaces dropped) may be matched with one OCR slip (a wrong, lost or extra letter). */
const MIN_FUZZY_WORDING = 12;

/**
 * The wording as printed, with or without its spaces (OCR glues words); a long wording also with one letter
 * wrong, lost or extra, as small capitals over a guilloche come out ("personalauswezs"). Twelve letters with
 * one slip still leave eleven in order, which ordinary document text does not produce by chance.
 */
export function printsWording(foldedText: string, wording: string): boolean {
  const glued = wording.replace(/ /g, '');
  if (foldedText.includes(wording) || foldedText.includes(glued)) return true;
  // Apostrophes are dropped on both sides for the fuzzy match: the OCR loses them as often as a letter.
  const letters = glued.replace(/'/g, '');
  return letters.length >= MIN_FUZZY_WORDING && withinOneEdit(foldedText.replace(/[\s']+/g, ''), letters);
}

/** Whether `pattern` occurs in `text` with at most one substitution, insertion or deletion (Sellers' DP). */
function withinOneEdit(text: string, pattern: string): boolean {
  let previous = new Array<number>(pattern.length + 1);
  for (let j = 0; j <= pattern.length; j += 1) previous[j] = j;
  for (let i = 1; i <= text.length; i += 1) {
    const current = new Array<number>(pattern.length + 1);
    current[0] = 0; // a match may start anywhere in the text
    for (let j = 1; j <= pattern.length; j += 1) {
      const substitution = previous[j - 1] + (text[i - 1] === pattern[j - 1] ? 0 : 1);
      current[j] = Math.min(substitution, previous[j] + 1, current[j - 1] + 1);
    }
    if (current[pattern.length] <= 1) return true;
    previous = current;
  }
  return false;
}

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
  const worded = WORDINGS.find((w) => w.words.some((word) => printsWording(foldedText, word)));
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
