import { fold } from './fold';

/** A date found in a line of text: where it is and what it says. */
export interface FoundDate {
  /** YYYY-MM-DD */
  iso: string;
  start: number;
  end: number;
}

const MONTHS: Record<string, number> = {};
function months(names: string[][]): void {
  names.forEach((forms, i) => forms.forEach((f) => (MONTHS[fold(f)] = i + 1)));
}
// English, German (with the OCR's spellings of "März"), Ukrainian (genitive, as dates print it, and nominative).
months([
  ['january', 'jan', 'januar', 'jänner', 'jaenner', 'січня', 'січень'],
  ['february', 'feb', 'febr', 'februar', 'feber', 'лютого', 'лютий'],
  ['march', 'mar', 'märz', 'maerz', 'mrz', 'березня', 'березень'],
  ['april', 'apr', 'квітня', 'квітень'],
  ['may', 'mai', 'травня', 'травень'],
  ['june', 'jun', 'juni', 'червня', 'червень'],
  ['july', 'jul', 'juli', 'липня', 'липень'],
  ['august', 'aug', 'серпня', 'серпень'],
  ['september', 'sep', 'sept', 'вересня', 'вересень'],
  ['october', 'oct', 'oktober', 'okt', 'жовтня', 'жовтень'],
  ['november', 'nov', 'листопада', 'листопад'],
  ['december', 'dec', 'dezember', 'dez', 'грудня', 'грудень'],
]);

const MONTH_WORD = '([a-zа-яіїєґ]{3,10})';
const YEAR = '((?:19|20)\\d{2})';

const NUMERIC = /(?<![\d])(\d{1,2})\s?([./-])\s?(\d{1,2})\s?\2\s?((?:19|20)\d{2}|\d{2})(?![\d])/g;
const ISO = /(?<![\d])((?:19|20)\d{2})-(\d{1,2})-(\d{1,2})(?![\d])/g;
const DAY_MONTH_YEAR = new RegExp(`(?<![\\d])(\\d{1,2})\\.?\\s*${MONTH_WORD}\\.?,?\\s*${YEAR}(?![\\d])`, 'g');
const MONTH_DAY_YEAR = new RegExp(`(?<![a-zа-яіїєґ])${MONTH_WORD}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+${YEAR}(?![\\d])`, 'g');

/**
 * The OCR's usual confusions inside numbers, undone only between digits or date separators, where a letter
 * cannot be meant: "1O.O3.2026" → "10.03.2026", "l2.03.2026" → "12.03.2026". Same length, so positions hold.
 */
export function repairDigits(text: string): string {
  return text
    .replace(/(?<=[\d./-])[Oo](?=[\d./-])|(?<=\d)[Oo]|[Oo](?=\d)/g, '0')
    .replace(/(?<=[\d./-])[Il|](?=[\d./-])|(?<=\d)[Il|](?=\d)|(?<![\p{L}])[Il|](?=\d[\d]?[./-]\d)/gu, '1');
}

function isoOf(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function fullYear(text: string): number {
  const year = Number(text);
  return text.length === 2 ? 2000 + year : year;
}

/**
 * Every date in a line: 12.03.2026, 12/03/2026, 12-03-26, 2026-03-12, 12 March 2026, 12. März 2026,
 * March 12, 2026, 12 березня 2026. Numeric dates are day-first (the European letter) unless only the
 * month-first reading is a date (03/25/2026). Sorted by position; overlapping readings keep the first found.
 */
export function findDates(line: string): FoundDate[] {
  const text = fold(repairDigits(line));
  const found: FoundDate[] = [];
  const add = (iso: string | null, start: number, end: number): void => {
    if (iso && !found.some((f) => start < f.end && end > f.start)) found.push({ iso, start, end });
  };
  for (const m of text.matchAll(ISO)) add(isoOf(Number(m[1]), Number(m[2]), Number(m[3])), m.index, m.index + m[0].length);
  for (const m of text.matchAll(NUMERIC)) {
    const [a, b, year] = [Number(m[1]), Number(m[3]), fullYear(m[4])];
    add(isoOf(year, b, a) ?? isoOf(year, a, b), m.index, m.index + m[0].length);
  }
  for (const m of text.matchAll(DAY_MONTH_YEAR)) {
    const month = MONTHS[m[2]];
    if (month) add(isoOf(Number(m[3]), month, Number(m[1])), m.index, m.index + m[0].length);
  }
  for (const m of text.matchAll(MONTH_DAY_YEAR)) {
    const month = MONTHS[m[1]];
    if (month) add(isoOf(Number(m[3]), month, Number(m[2])), m.index, m.index + m[0].length);
  }
  return found.sort((x, y) => x.start - y.start);
}
