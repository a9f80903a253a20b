import { type CountryProfile } from '../countries';

/** What the visual inspection zone prints, already as the document shows it. */
export interface VizContent {
  surname: string;
  givenNames: string;
  dateOfBirth: string;
  sex: 'M' | 'F';
  nationality: string;
  placeOfBirth: string;
  dateOfIssue: string;
  dateOfExpiry: string;
  documentNumber: string;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Dates as the issuing country prints them: 12.03.1985, 12/03/1985 or 12 MAR 1985. */
export function formatVizDate(country: CountryProfile, iso: string): string {
  const [y, m, d] = iso.split('-');
  switch (country.languages[0]) {
    case 'de':
      return `${d}.${m}.${y}`;
    case 'fr':
      return `${d}/${m}/${y}`;
    default:
      return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
  }
}

/** A date style a layout may print regardless of the country: ICAO's recommended "12 MAR 1985" among them. */
export type VizDateStyle = 'country' | 'dotted' | 'slashed' | 'month' | 'spaced';

export function formatVizDateAs(style: VizDateStyle, country: CountryProfile, iso: string): string {
  const [y, m, d] = iso.split('-');
  switch (style) {
    case 'country':
      return formatVizDate(country, iso);
    case 'dotted':
      return `${d}.${m}.${y}`;
    case 'slashed':
      return `${d}/${m}/${y}`;
    case 'spaced':
      return `${d} ${m} ${y}`;
    case 'month':
      return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
  }
}
