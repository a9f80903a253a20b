import { isKnownStateCode } from '../mrz/country-codes';
import { isoDate } from '../mrz/mrz-dates';

const MONTHS: Record<string, number> = {
  jan: 1,
  janv: 1,
  janvier: 1,
  januar: 1,
  feb: 2,
  fev: 2,
  fevr: 2,
  fevrier: 2,
  februar: 2,
  mar: 3,
  mars: 3,
  marz: 3,
  maerz: 3,
  apr: 4,
  avr: 4,
  avril: 4,
  april: 4,
  may: 5,
  mai: 5,
  jun: 6,
  juin: 6,
  juni: 6,
  jul: 7,
  juil: 7,
  juillet: 7,
  juli: 7,
  aug: 8,
  aou: 8,
  aout: 8,
  august: 8,
  sep: 9,
  sept: 9,
  septembre: 9,
  september: 9,
  oct: 10,
  okt: 10,
  octobre: 10,
  oktober: 10,
  nov: 11,
  novembre: 11,
  november: 11,
  dec: 12,
  dez: 12,
  decembre: 12,
  dezember: 12,
};

/**
 * Dates as printed in visual zones: 06.12.1965, 06/12/1965, 06 12 1965, 1965-12-06, 06 DEC 1965, 06 DEC/DEZ 65
 * and OCR's dropped separator (06.121965). Day-first: the ICAO and European convention.
 */
export function parseVizDate(text: string): string | null {
  // NFKD: full-width forms the Chinese+Latin recogniser returns ('30/09／2018') become ASCII, accents come apart.
  const t = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  // Fixed-width day-month-year first (also with a dropped separator), then the loose 1–2 digit form.
  const numeric =
    /(?<!\d)(\d{2})[./\- ]?(\d{2})[./\- ]?(\d{4})(?!\d)/.exec(t) ??
    /(?<!\d)(\d{1,2})\s*[./\- ]\s*(\d{1,2})\s*[./\- ]\s*(\d{4})(?!\d)/.exec(t);
  if (numeric) return isoDate(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]));
  // A speck or the caption's last stroke read as a digit before the day ('715.03.2018'): with both separators
  // printed, the two digits before the first are the day.
  const strayBeforeDay = /(?<!\d)\d(\d{2})[./-](\d{2})[./-](\d{4})(?!\d)/.exec(t);
  if (strayBeforeDay) return isoDate(Number(strayBeforeDay[3]), Number(strayBeforeDay[2]), Number(strayBeforeDay[1]));
  const named = /(\d{1,2})\s*([a-z]{3,9})[a-z/ ]*?\s*(\d{4}|\d{2})\b/.exec(t);
  if (named && MONTHS[named[2]]) {
    let year = Number(named[3]);
    if (named[3].length === 2) year += year > 50 ? 1900 : 2000;
    return isoDate(year, MONTHS[named[2]], Number(named[1]));
  }
  return null;
}

export function parseVizSex(text: string): 'M' | 'F' | 'X' | null {
  const m = /(?:^|[^a-z])(m|f|x|w)(?:$|[^a-z])/i.exec(text.trim());
  if (!m) return null;
  const c = m[1].toUpperCase();
  return c === 'W' ? 'F' : (c as 'M' | 'F' | 'X'); // German "W" (weiblich)
}

const NATIONALITY_WORDS: Record<string, string> = {
  francaise: 'FRA',
  francais: 'FRA',
  french: 'FRA',
  deutsch: 'DEU',
  german: 'DEU',
  eesti: 'EST',
  estonian: 'EST',
  osterreich: 'AUT',
  austrian: 'AUT',
  british: 'GBR',
  italiana: 'ITA',
  italian: 'ITA',
  espanola: 'ESP',
  spanish: 'ESP',
  belge: 'BEL',
  belgian: 'BEL',
  nederlandse: 'NLD',
  dutch: 'NLD',
  polska: 'POL',
  polish: 'POL',
  suisse: 'CHE',
  swiss: 'CHE',
};

/**
 * A printed code or a common nationality adjective → alpha-3 ('D' → 'DEU'); null when none. Codes ICAO defines
 * (the specimen state's UTO included) come first; a four-letter word ending in one ("FUTO", "MAUT": the OCR glued a stray letter or the sex beside
 * it) gives that code; failing both, any three capitals as printed.
 */
export function parseVizNationality(text: string): string | null {
  const folded = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  for (const [word, code] of Object.entries(NATIONALITY_WORDS)) if (folded.includes(word)) return code;
  const plain = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const words = plain.match(/\b[A-Z]+\b/g) ?? [];
  // Codes are printed in capitals, but the recogniser returns small letters for some ("m fra"): a three-letter code
  // ICAO defines is also recognised in small letters (a stray small "d" is no Germany); an unknown one only in capitals.
  const smallCodes = (plain.match(/\b[a-z]{3}\b/g) ?? []).map((w) => w.toUpperCase());
  const alpha3 = (code: string): string => (code === 'D' ? 'DEU' : code);
  const known = words.find((w) => w.length <= 3 && isKnownStateCode(w)) ?? smallCodes.find(isKnownStateCode);
  if (known) return alpha3(known);
  const glued = words.find((w) => (w.length === 4 || w.length === 2) && isKnownStateCode(w.slice(1)));
  if (glued) return alpha3(glued.slice(1));
  const printed = words.find((w) => w.length === 3);
  return printed ?? null;
}
