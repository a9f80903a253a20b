import { transliterateToMrz } from '@kyc/document-generator';

/**
 * Field comparison is on a canonical form so that a correct read is not counted wrong for its spelling:
 *
 * - Names and places: upper case, '<' and runs of spaces as one space. The analyzer reads names from the MRZ
 *   first (ICAO Doc 9303 part 3 transliteration: "Müller" → "MUELLER") and from the visual zone otherwise,
 *   where the printed "MÜLLER" comes back as "MÜLLER" or, when the OCR has no such glyph, as "MULLER". A
 *   prediction is right when it equals the truth in either form: MRZ transliteration (Ä/Ö/Ü → AE/OE/UE, ß → SS,
 *   other accents dropped) or accents simply removed (Ä/Ö/Ü → A/O/U). canonicalNameForms gives both; a match
 *   that needed the second form is counted apart in the report (fields.nameMatchesWithoutDiacritics).
 * - Countries: alpha-3 as the spec asks; ICAO's 'D' (and 'D<<') is Germany, 'DEU'.
 * - Dates: both sides YYYY-MM-DD (spec §2.9); compared as text.
 * - Sex: first letter M/F, anything else X.
 */
export function canonicalName(value: string | null | undefined): string {
  if (!value) return '';
  return transliterateToMrz(value.trim()).replace(/<+/g, ' ').trim();
}

/** The truth's accepted spellings: [MRZ transliteration, accents removed]; equal for names without umlauts. */
export function canonicalNameForms(value: string | null | undefined): [string, string] {
  const mrz = canonicalName(value);
  const stripped = canonicalName((value ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
  return [mrz, stripped];
}

const COUNTRY_ALIASES: Record<string, string> = { D: 'DEU' };

export function canonicalCountry(value: string | null | undefined): string {
  if (!value) return '';
  const code = value.toUpperCase().replace(/[<\s]/g, '');
  return COUNTRY_ALIASES[code] ?? code;
}

export function canonicalText(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[<\s]/g, '');
}

export function canonicalSex(value: string | null | undefined): string {
  const v = (value ?? '').trim().toUpperCase();
  if (v.startsWith('M')) return 'M';
  if (v.startsWith('F')) return 'F';
  return v === '' ? '' : 'X';
}
