import { COUNTRIES, type CountryProfile, findCountry } from './countries';
import { type Prng } from './prng';

export interface SyntheticPerson {
  surname: string;
  givenNames: string;
  sex: 'M' | 'F';
  /** YYYY-MM-DD */
  dateOfBirth: string;
  placeOfBirth: string;
}

export interface SyntheticIdentity {
  country: CountryProfile;
  person: SyntheticPerson;
  documentNumber: string;
  dateOfIssue: string;
  dateOfExpiry: string;
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addYears(iso: string, years: number, days = 0): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
}

const DOC_NUMBER_CHARS = 'CFGHJKLMNPRTVWXYZ0123456789';

export function randomPerson(rng: Prng, country: CountryProfile, referenceDate: string): SyntheticPerson {
  const sex = rng.chance(0.5) ? 'M' : 'F';
  const age = rng.int(18, 75);
  return {
    surname: rng.pick(country.surnames),
    givenNames: rng.pick(sex === 'M' ? country.givenNamesMale : country.givenNamesFemale),
    sex,
    dateOfBirth: addYears(referenceDate, -age, -rng.int(1, 360)),
    placeOfBirth: rng.pick(country.places),
  };
}

/** A consistent identity whose document is valid on referenceDate (faults alter it afterwards). */
export function randomIdentity(rng: Prng, referenceDate: string, countryCode?: string): SyntheticIdentity {
  const country = (countryCode ? findCountry(countryCode) : undefined) ?? rng.pick(COUNTRIES);
  const person = randomPerson(rng, country, referenceDate);
  let documentNumber = '';
  for (let i = 0; i < 9; i++) documentNumber += rng.pick(DOC_NUMBER_CHARS.split(''));
  const validityYears = 10;
  const dateOfIssue = addYears(referenceDate, -rng.int(0, 8), -rng.int(1, 300));
  return { country, person, documentNumber, dateOfIssue, dateOfExpiry: addYears(dateOfIssue, validityYears, -1) };
}

/** Three-letter code as the MRZ prints it ('D' → 'D<<'). */
export function mrzCountryCode(code: string): string {
  return (code + '<<<').slice(0, 3);
}
