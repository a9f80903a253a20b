import { transliterateToMrz } from '@kyc/document-generator';

/**
 * Field comparison is on a canonical form so that a correct read is not counted wrong for spelling it
 * the MRZ way: "Müller" = "MUELLER", "Anna Lena" = "ANNA<LENA", "D" = "D<<" = "DEU".
 */
export function canonicalName(value: string | null | undefined): string {
  if (!value) return '';
  return transliterateToMrz(value.trim()).replace(/<+/g, ' ').trim();
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
