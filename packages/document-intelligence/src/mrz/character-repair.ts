/**
 * Field-type repairs for OCR confusions. A character is only replaced when the field's type forbids it
 * (a letter in a digit field, a digit in a letter field); the replacement is fixed per character and never
 * depends on whether a check digit would then pass — a malformed MRZ must stay malformed. The one repair that looks
 * beyond the character is a state code's K/C read as fillers, and only when that makes it a code ICAO defines
 * (`repairStateCodeFillers`): a closed set, not a check digit, decides it.
 */
import { isKnownStateCode } from './country-codes';

/**
 * 'optional' is optional data or a personal number: letters and digits like 'alnum', but left-justified and padded
 * with fillers to the right (ICAO 9303 part 3), so its padding can be told apart from its data.
 */
export type FieldKind = 'numeric' | 'alpha' | 'name' | 'alnum' | 'optional' | 'sex' | 'check';

const LETTER_TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8' };
const DIGIT_TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };

export interface RepairOutcome {
  text: string;
  changes: string[];
}

/** Whether a `repairs` entry is a letter↔digit repair by field type (not padding cleared or a filler run resized). */
export function isCharacterRepair(repair: string): boolean {
  return / \((?:numeric|check|alpha|name) field\)$/.test(repair);
}

export function repairField(text: string, kind: FieldKind, label: string): RepairOutcome {
  const changes: string[] = [];
  let out = '';
  for (const ch of text) {
    const fixed = repairCharacter(ch, kind);
    if (fixed !== ch) changes.push(`${label}: '${ch}'→'${fixed}' (${kind} field)`);
    out += fixed;
  }
  if (kind === 'name') out = clearNamePadding(out, label, changes);
  if (kind === 'optional') out = clearFillerMisreadRuns(out, label, changes, PADDING_START.optional);
  return { text: out, changes };
}

/**
 * Fillers in a row that begin a field's padding. Name parts are joined by '<' and surname from given names by '<<',
 * so three end a name field. Optional data is left-justified and padded, so two end it: a single filler may stand
 * inside it (a long document number's overflow sits in the optional data, and states print items apart, as
 * Portugal's `<ZZ70`), and a state may print a check digit over its data at the field's last place after the
 * padding (the Dutch card's `999999990<<<<<8`).
 */
export const PADDING_START = { name: 3, optional: 2 } as const;

/** The field holding surname and given names in the ICAO layouts (layouts.ts), '<<' between the two. */
const ICAO_NAME_FIELD = 'names';

/** Padding-clearing repairs say this, so a reader of `repairs` can tell them from letter↔digit repairs. */
export const PADDING_REPAIR_MARK = 'in the filler padding';

/**
 * A name field ends in filler padding, and nothing is printed inside it. A single character with three or more
 * fillers before it and only fillers after it is OCR noise ("THOMAS<<<<<K<<<<", from a speck or a misread '<') and
 * becomes '<'; cleared from the end, so one before it goes too ("SEAN<<<K<<<<<<<K<<<<<<"). So is one after a second
 * pair of fillers ("WALKER<<JAMES<<S<<<"): ICAO 9303 part 3 puts '<<' once in a name, between the primary and the
 * secondary identifier, and joins the secondary identifier's parts with single fillers (only in ICAO's one name
 * field: the French card's given-name field has no primary identifier). A lone initial after one filler or the first
 * pair ("ANNA<B<<<", "SMITH<<B<<<") is left alone. A name part of K's alone ("LEA<<<KK<<<",
 * "HELENE<<KKKK<<KKKK<<") is no name anywhere, so it is padding.
 */
function clearNamePadding(text: string, label: string, changes: string[]): string {
  const stray = new RegExp(`(<{${PADDING_START.name},})([A-Z0-9])(?=<*$)`);
  const separator = label === ICAO_NAME_FIELD ? text.indexOf('<<') : -1;
  const afterSecondPair = /(<<)([A-Z0-9])(?=<*$)/;
  /** Replaces a matched stray (after its fillers) with a filler, recording why. */
  const toFiller =
    (where: string) =>
    (_match: string, fillers: string, character: string): string => {
      changes.push(`${label}: stray '${character}'${where} ${PADDING_REPAIR_MARK} → '<'`);
      return `${fillers}<`;
    };
  let cleared = text;
  // Until nothing changes: clearing one stray or run leaves the one before it with only fillers after it.
  for (let previous = ''; previous !== cleared;) {
    previous = cleared;
    cleared = cleared.replace(stray, toFiller(''));
    if (separator >= 0) {
      cleared = cleared.slice(0, separator + 2) + cleared.slice(separator + 2).replace(afterSecondPair, toFiller(" after a second '<<'"));
    }
    cleared = fillersForRuns(cleared, /(?<=<)K{2,}(?=<|$)/g, label, changes);
    cleared = clearFillerMisreadRuns(cleared, label, changes, PADDING_START.name);
  }
  return cleared;
}

/** The recogniser's usual misreads of a filler, as a character class: 'K' (the chevron is a K's right half) and 'C'. */
export const FILLER_MISREADS = '[KC]';

/**
 * Once a field's padding has begun, a run of filler misreads between fillers ("SEAN<<<<CC<<<", optional data
 * "<<<<<K<<<KK<<KK") is padding; before it, "KC" may be a name (a common Nepali surname) and is left alone.
 */
function clearFillerMisreadRuns(text: string, label: string, changes: string[], paddingStart: number): string {
  return fillersForRuns(text, new RegExp(`(?<=<{${paddingStart}})${FILLER_MISREADS}{2,}(?=<|$)`, 'g'), label, changes);
}

/** Every run `pattern` (global) matches becomes fillers of its length, each change recorded. */
function fillersForRuns(text: string, pattern: RegExp, label: string, changes: string[]): string {
  return text.replace(pattern, (run: string) => {
    changes.push(`${label}: '${run}' read ${PADDING_REPAIR_MARK} → '${'<'.repeat(run.length)}'`);
    return '<'.repeat(run.length);
  });
}

/**
 * Germany's 'D<<' is the one ICAO state code with fillers, and the recogniser reads a filler as K or C ('P<DC<MUELLER'):
 * a code that names no state as read, but names one with its K's and C's read as fillers, was that code. Codes with a
 * real K or C ('KEN', 'CHE') are known as read and stay as they are.
 */
export function repairStateCodeFillers(text: string, label: string): RepairOutcome {
  const asFillers = text.replace(new RegExp(FILLER_MISREADS, 'g'), '<');
  if (asFillers === text || isKnownStateCode(text) || !isKnownStateCode(asFillers)) return { text, changes: [] };
  return { text: asFillers, changes: [`${label}: '${text}' is no state's code; its K/C read as fillers, '${asFillers}' is`] };
}

function repairCharacter(ch: string, kind: FieldKind): string {
  switch (kind) {
    case 'numeric':
    case 'check':
      return /[A-Z]/.test(ch) ? (LETTER_TO_DIGIT[ch] ?? ch) : ch;
    case 'alpha':
    case 'name':
      return /[0-9]/.test(ch) ? (DIGIT_TO_LETTER[ch] ?? ch) : ch;
    case 'sex':
      // Only M, F, X and '<' are legal; '0'/'O' style confusions have no unambiguous sex value, so leave them.
      return ch;
    case 'alnum':
    case 'optional':
      // Document numbers and optional data may legitimately hold both letters and digits: no repair.
      return ch;
  }
}

/**
 * The recogniser's dictionary holds Greek and Cyrillic capitals and symbols drawn like Latin ones; in an MRZ, whose
 * alphabet is A–Z, 0–9 and '<', they can only be the Latin letter they look like ('IDB∈L' for IDBEL).
 */
const LATIN_LOOKALIKE_MAP: Record<string, string> = {
  '∈': 'E',
  '€': 'E',
  Є: 'E',
  Ε: 'E',
  Е: 'E',
  Α: 'A',
  А: 'A',
  Β: 'B',
  В: 'B',
  Ζ: 'Z',
  Η: 'H',
  Н: 'H',
  Ι: 'I',
  І: 'I',
  Κ: 'K',
  К: 'K',
  Μ: 'M',
  М: 'M',
  Ν: 'N',
  Ο: 'O',
  О: 'O',
  Ρ: 'P',
  Р: 'P',
  С: 'C',
  Τ: 'T',
  Т: 'T',
  Υ: 'Y',
  У: 'Y',
  Χ: 'X',
  Х: 'X',
};
const LATIN_LOOKALIKES = new RegExp(`[${Object.keys(LATIN_LOOKALIKE_MAP).join('')}]`, 'gu');

/** OCR renders the filler as several look-alikes; '«' is two fillers read as one glyph. */
export function normaliseMrzLine(line: string): string {
  return (
    line
      // The recogniser's Chinese dictionary holds full-width forms ('７', 'Ｍ'); compatibility normalisation maps them to ASCII.
      .normalize('NFKC')
      .toUpperCase()
      .replace(/\s+/g, '')
      .replace(/[«《≪]/g, '<<')
      .replace(/[‹〈＜(\[{]/g, '<')
      .replace(/[×✕]/g, 'X')
      .replace(LATIN_LOOKALIKES, (ch) => LATIN_LOOKALIKE_MAP[ch] ?? ch)
      // A stray mark read just before or after the line ('、', '.', '-'): no MRZ character looks like it.
      .replace(/^[^A-Z0-9<>]+|[^A-Z0-9<>]+$/g, '')
  );
}
