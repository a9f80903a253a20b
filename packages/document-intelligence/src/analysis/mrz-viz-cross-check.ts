import { type MrzReading } from '../mrz/types';
import { type VizReading } from '../viz/read-viz';
import { judgeMrzFirmness } from './mrz-read-firmness';

export interface CrossCheck {
  compared: number;
  agreed: number;
  /** agreed / compared, 1 when nothing could be compared. */
  score: number;
  disagreements: string[];
  /**
   * Disagreements on the dates, which the MRZ vouches for with check digits and the VIZ prints in a form that
   * must parse as a date. The document number is left out: the VIZ often glues it to the type or state beside it.
   */
  vouchedDisagreements: number;
  /**
   * Disagreements on the names, where the MRZ's name line was read at its layout's length (no check digit covers
   * names, but a printed name other than the MRZ's is the classic altered data page, and the VIZ's own misreads are
   * taken care of by namesAgree: prefixes and one edit).
   */
  nameDisagreements: number;
  /**
   * Names that differ between the zones by one letter beyond transliteration ("surname: MRZ 'MUSTERNANN' vs VIZ
   * 'MUSTERMANN'"). Counted as agreeing (the score, MRZ_CROSS_LOW_SCORE), since either zone may hold the misread;
   * but no check digit says which, so the MRZ's name is not identity-grade: a review signal
   * (collectAuthenticitySignals).
   */
  uncertainNames: string[];
}

/** Below this share of agreeing fields (with at least two compared) the zones are said to disagree. */
export const CROSS_CHECK_MIN_SCORE = 0.5;

/**
 * Compares the fields both zones carry. Names are compared in MRZ transliteration (Doc 9303 part 3 §6:
 * Ä→AE, Ö→OE, Ü→UE, ß→SS, other accents dropped) and by prefix, since the MRZ truncates long names.
 * An MRZ field whose check digit fails, or a name on a line OCR miscounted, is left out: its value is not known,
 * so it cannot disagree with anything.
 */
export function crossCheckMrzAndViz(mrz: MrzReading, viz: VizReading): CrossCheck {
  const checked = (name: string) => (mrz.fields[name]?.valid === false ? undefined : mrz.fields[name]?.value);
  // Names have no check digit; on a line OCR miscounted they are not known either.
  const unreliable = judgeMrzFirmness(mrz).unreliableFields;
  const name = (field: 'surname' | 'givenNames') =>
    unreliable.includes(field) || unreliable.includes('names') ? undefined : mrz.fields[field]?.value;
  const vouched = new Set(['birthDate', 'expiryDate']);
  const uncertainNames: string[] = [];
  for (const [field, printed] of [
    ['surname', viz.surname],
    ['givenNames', viz.givenNames],
  ] as const) {
    const machine = name(field);
    if (machine && printed && compareNames(machine, printed) === 'one_letter_apart') {
      uncertainNames.push(`${field}: MRZ '${machine}' vs VIZ '${printed}'`);
    }
  }
  const pairs: [string, string | undefined, string | undefined, (a: string, b: string) => boolean][] = [
    ['surname', name('surname'), viz.surname, namesAgree],
    ['givenNames', name('givenNames'), viz.givenNames, namesAgree],
    ['birthDate', checked('birthDate'), viz.birthDate, (a, b) => a === b],
    ['expiryDate', checked('expiryDate'), viz.expiryDate, (a, b) => a === b],
    ['documentNumber', checked('documentNumber'), viz.documentNumber, (a, b) => documentNumbersAgree(a, withoutRowHead(b, mrz))],
    ['sex', mrz.fields.sex?.value, viz.sex, (a, b) => a === b],
  ];
  let compared = 0;
  let agreed = 0;
  const disagreements: string[] = [];
  let vouchedDisagreements = 0;
  let nameDisagreements = 0;
  for (const [name, a, b, agree] of pairs) {
    if (!a || !b) continue;
    compared += 1;
    if (agree(a, b)) agreed += 1;
    else {
      disagreements.push(`${name}: MRZ '${a}' vs VIZ '${b}'`);
      if (vouched.has(name)) vouchedDisagreements += 1;
      if (name === 'surname' || name === 'givenNames') nameDisagreements += 1;
    }
  }
  return {
    compared,
    agreed,
    score: compared === 0 ? 1 : agreed / compared,
    disagreements,
    vouchedDisagreements,
    nameDisagreements,
    uncertainNames,
  };
}

/**
 * Letters and digits that look alike in print; the visual zone has no check digit to settle them, so a number
 * read there with 'O' for '0' is the same number (the MRZ one is vouched for by its check digit).
 */
const LOOK_ALIKE: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8' };

/**
 * A passport's number row prints the document code, the issuing state and the number apart ("P  D  WKK4YF3WM"); the
 * OCR glues them ("P DWKK4YF3WM"). A VIZ number that starts with the MRZ's state code (after its document code, if
 * that is glued too) and has the MRZ number's length without it is that number.
 */
function withoutRowHead(vizNumber: string, mrz: MrzReading): string {
  const state = (mrz.fields.issuingState?.value ?? '').replace(/<+$/, '');
  const code = (mrz.fields.documentCode?.value ?? '').replace(/<+$/, '');
  const number = mrz.fields.documentNumber?.value ?? '';
  const compact = vizNumber.toUpperCase().replace(/\s/g, '');
  for (const head of [code + state, state]) {
    if (head !== '' && compact.startsWith(head) && compact.length - head.length === number.length) return compact.slice(head.length);
  }
  return vizNumber;
}

export function documentNumbersAgree(mrzNumber: string, vizNumber: string): boolean {
  return foldDocumentNumber(mrzNumber) === foldDocumentNumber(vizNumber);
}

/** Characters two document numbers differ by (edits), look-alikes taken as the same character. */
export function documentNumberDistance(a: string, b: string): number {
  return editDistance(foldDocumentNumber(a), foldDocumentNumber(b));
}

function foldDocumentNumber(number: string): string {
  return number
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/[OQDILZSGB]/g, (c) => LOOK_ALIKE[c]);
}

export function mrzTransliterate(name: string): string {
  return name
    .toUpperCase()
    .replace(/Ä/g, 'AE')
    .replace(/Ö/g, 'OE')
    .replace(/Ü/g, 'UE')
    .replace(/ß/g, 'SS')
    .replace(/Å/g, 'AA')
    .replace(/Ø/g, 'OE')
    .replace(/Æ/g, 'AE')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Z]/g, '');
}

/**
 * How a name as the MRZ writes it compares with a printed name:
 * - `same`: equal once transliterated as ICAO 9303 part 3 §6 does (Ä→AE or A, ß→SS, accents dropped), or one a
 *   prefix of the other (the MRZ truncates long names; the printed zone may show one given name of several);
 * - `one_letter_apart`: one letter added, dropped or changed beyond that (`MUSTERNANN` vs `MUSTERMANN`): one of
 *   the two zones was misread, or the page altered, and no check digit says which;
 * - `different`: more than that.
 */
export type NameComparison = 'same' | 'one_letter_apart' | 'different';

export function compareNames(mrzName: string, vizName: string): NameComparison {
  const a = mrzTransliterate(mrzName);
  // Both transliterations ICAO allows: Ä→AE (mrzTransliterate) and Ä→A (the letter without its mark).
  const printed = [mrzTransliterate(vizName), withoutMarks(vizName)];
  if (!a || !printed[0]) return 'different';
  const prefixed = (x: string, y: string) => x.startsWith(y) || y.startsWith(x);
  if (printed.some((b) => prefixed(a, b) || prefixed(umlautsFolded(a), umlautsFolded(b)))) return 'same';
  return printed.some((b) => editDistance(a, b) <= 1) ? 'one_letter_apart' : 'different';
}

/**
 * AE, OE, UE as the vowel alone: the MRZ writes Ö as OE, and the printed Ö read by OCR without its dots is O
 * (MRZ `POELZL` beside a printed `Pölzl` read `POLZL`: 4 of 80 generated documents of seed 2026 before this fold).
 */
function umlautsFolded(name: string): string {
  return name.replace(/([AOU])E/g, '$1');
}

/** True when a name as the MRZ writes it and a printed name (accents, umlauts) can be the same name. */
export function namesAgree(mrzName: string, vizName: string): boolean {
  return compareNames(mrzName, vizName) !== 'different';
}

function withoutMarks(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/ß/g, 'SS')
    .replace(/[^A-Z]/g, '');
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}
