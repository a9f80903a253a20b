import { isValidMrzCountryCode } from '../mrz/country-codes';
import { type MrzReading } from '../mrz/types';
import { type VizReading } from '../viz/read-viz';
import { type DeclaredDocumentType, type DetectedDocumentType, type DocumentSide } from './types';

export interface DocumentTypeDecision {
  type: DetectedDocumentType;
  confidence: number;
  requiresBackSide: boolean;
  basis: 'mrz' | 'mrz-head' | 'printed-wording' | 'layout' | 'declared' | 'none';
}

/**
 * What the side shows besides an MRZ read and the document's name, for when neither was legible: blur and
 * compression take the small print (the document's name under a guilloche, the captions) before the large values.
 */
export interface LayoutEvidence {
  side: DocumentSide;
  /** Lines that look like MRZ text or hold a filler run, normalised as findMrz gives them (MrzSearch). */
  mrzTraceLines: string[];
  /** Personal-data fields the visual zone gave: surname, given names, birth and expiry dates, number, sex, nationality. */
  personalDataFields: number;
}

// Folded (lower-case ASCII) wordings printed on documents; the OCR sometimes glues words, so also without spaces.
const WORDINGS: { type: DeclaredDocumentType; words: string[] }[] = [
  {
    type: 'residence_permit',
    words: ['residence permit', 'aufenthaltstitel', 'titre de sejour', 'aufenthaltserlaubnis', 'permis de sejour'],
  },
  {
    type: 'driver_license',
    words: ['driving licence', 'driving license', 'driver license', "driver's license", 'fuhrerschein', 'permis de conduire'],
  },
  { type: 'passport', words: ['passport', 'passeport', 'reisepass'] },
  {
    type: 'id_card',
    words: [
      'identity card',
      "carte nationale d'identite",
      'carte nationale didentite',
      "carte d'identite",
      'personalausweis',
      'identitatskarte',
      'id card',
    ],
  },
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

const PERSONAL_DATA_FIELDS = ['surname', 'givenNames', 'birthDate', 'expiryDate', 'documentNumber', 'sex', 'nationality'] as const;

/** How many personal-data fields the visual zone gave (LayoutEvidence.personalDataFields). */
export function personalDataFieldsOf(viz: VizReading): number {
  return PERSONAL_DATA_FIELDS.filter((field) => viz[field] !== undefined && viz[field] !== '').length;
}

/** Residence permits carry document codes IR/AR/RP…; Doc 9303 leaves the second letter to the state. */
const RESIDENCE_PERMIT_CODES = new Set(['IR', 'AR', 'RP', 'RT', 'CR']);

/** Confidence of each basis; all but the last two are at or above MIN_DETECTION_CONFIDENCE (side-problems). */
const CONFIDENCE = { validMrz: 0.95, failedMrz: 0.75, mrzHead: 0.6, wording: 0.6, layout: 0.55, declared: 0.3, none: 0.1 } as const;
/**
 * A type decided with at least this confidence was named by the document itself (its MRZ's document code or its
 * printed name); below it, the type is the layout's or the caller's guess: "a card", not which card.
 */
export const NAMED_TYPE_CONFIDENCE = CONFIDENCE.wording;
/**
 * A card front is told by its layout when at least this many personal-data fields were read from it: a name, a
 * birth date and an expiry date in a column is an identity document's data zone, not a receipt or a letter.
 */
const MIN_LAYOUT_FIELDS = 3;
/**
 * EU driving licences (directive 2006/126/EC, annex I) number their fields: 1. surname, 2. given names, 3. birth
 * date and place, 4a.–4c. issue, expiry, authority, 5. number. With the wording lost, lines opening with these
 * numbers tell a licence from an identity card.
 */
const LICENCE_FIELD_NUMBER = /^(?:1|2|3|4a|4b|4c|5|8|9)\.\s*\S/;
const MIN_LICENCE_FIELD_NUMBERS = 3;

/**
 * The document code and issuing state that open an MRZ's first line (ICAO 9303: TD1 `IDD<<`, TD3 `P<GBR`) when the
 * rest of it was not read: a code letter, a second letter or filler, then a state code that exists. P is a
 * passport, I, A and C identity cards, the residence-permit codes a residence permit.
 */
function typeOfMrzHead(line: string): DetectedDocumentType | null {
  const head = /^([A-Z][A-Z<])([A-Z<]{3})/.exec(line);
  if (!head || !isValidMrzCountryCode(head[2])) return null;
  const code = head[1];
  if (RESIDENCE_PERMIT_CODES.has(code)) return 'residence_permit';
  if (code.startsWith('P')) return 'passport';
  return /^[IAC]/.test(code) ? 'id_card' : null;
}

/**
 * Without an MRZ read or the document's name, the layout: an MRZ line's head names the type; a front whose data
 * zone gave MIN_LAYOUT_FIELDS fields and no MRZ is a card (a passport's data page always carries its MRZ), a
 * driving licence when its fields are numbered, else an identity card, the commonest two-sided document.
 */
function typeOfLayout(layout: LayoutEvidence, foldedText: string): Pick<DocumentTypeDecision, 'type' | 'confidence' | 'basis'> | null {
  const headType = layout.mrzTraceLines.map(typeOfMrzHead).find((t) => t !== null);
  if (headType) return { type: headType, confidence: CONFIDENCE.mrzHead, basis: 'mrz-head' };
  if (layout.side !== 'front' || layout.personalDataFields < MIN_LAYOUT_FIELDS) return null;
  const numbered = foldedText.split('\n').filter((line) => LICENCE_FIELD_NUMBER.test(line.trim())).length;
  const type = numbered >= MIN_LICENCE_FIELD_NUMBERS ? 'driver_license' : 'id_card';
  return { type, confidence: CONFIDENCE.layout, basis: 'layout' };
}

/**
 * MRZ first (document code and format are printed to be machine-read), then printed wording, then the layout,
 * then what the caller declared. Confidence reflects the basis: a valid MRZ 0.95, an MRZ with failures 0.75, an
 * MRZ line's head or the wording 0.6, the layout 0.55, declared type only 0.3, nothing 0.1. Passports are
 * single-sided; every other type, and 'unknown', asks for the back so a card is never accepted on its front alone.
 */
export function decideDocumentType(
  mrz: MrzReading | null,
  foldedText: string,
  declared?: DeclaredDocumentType,
  layout?: LayoutEvidence,
): DocumentTypeDecision {
  let type: DetectedDocumentType = 'unknown';
  let confidence: number = CONFIDENCE.none;
  let basis: DocumentTypeDecision['basis'] = 'none';
  const worded = WORDINGS.find((w) => w.words.some((word) => printsWording(foldedText, word)));
  const laidOut = !mrz && !worded && layout ? typeOfLayout(layout, foldedText) : null;
  if (mrz) {
    const code = mrz.fields.documentCode?.value ?? '';
    if (RESIDENCE_PERMIT_CODES.has(code) || worded?.type === 'residence_permit') type = 'residence_permit';
    else if (code.startsWith('P') || mrz.format === 'TD3') type = 'passport';
    else if (code.startsWith('D') && worded?.type === 'driver_license') type = 'driver_license';
    else type = 'id_card';
    confidence = mrz.valid ? CONFIDENCE.validMrz : CONFIDENCE.failedMrz;
    basis = 'mrz';
  } else if (worded) {
    type = worded.type;
    confidence = CONFIDENCE.wording;
    basis = 'printed-wording';
  } else if (laidOut) {
    ({ type, confidence, basis } = laidOut);
  } else if (declared) {
    type = declared;
    confidence = CONFIDENCE.declared;
    basis = 'declared';
  }
  if (declared && type !== 'unknown' && type !== declared) confidence = Math.min(confidence, 0.5);
  return { type, confidence, requiresBackSide: type !== 'passport', basis };
}
