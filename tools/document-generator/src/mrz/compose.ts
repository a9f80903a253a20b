import { checkDigit } from './check-digit';
import { transliterateToMrz } from './transliterate';

export interface MrzIdentity {
  /** 'P' for passports, 'I' or 'ID' style for ID cards (first one or two characters). */
  documentCode: string;
  issuingState: string;
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  sex: 'M' | 'F' | 'X';
  /** YYYY-MM-DD */
  dateOfExpiry: string;
  optionalData?: string;
}

function pad(text: string, length: number): string {
  return (text + '<'.repeat(length)).slice(0, length);
}

function yymmdd(isoDate: string): string {
  return isoDate.slice(2, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10);
}

function digit(field: string): string {
  const cd = checkDigit(field);
  if (cd === null) throw new Error(`MRZ field holds a non-MRZ character: ${field}`);
  return cd;
}

/** Primary and secondary identifier, truncated to the zone width (ICAO truncates given names first). */
export function nameField(surname: string, givenNames: string, width: number): string {
  const primary = transliterateToMrz(surname).replace(/<+$/, '');
  const secondary = transliterateToMrz(givenNames).replace(/<+$/, '');
  let field = `${primary}<<${secondary}`;
  if (field.length > width) field = field.slice(0, width);
  return pad(field, width);
}

function mrzSex(sex: MrzIdentity['sex']): string {
  return sex === 'X' ? '<' : sex;
}

/** TD3 (passport): two lines of 44 characters. */
export function composeTd3(id: MrzIdentity): [string, string] {
  const line1 = pad(id.documentCode, 2) + id.issuingState + nameField(id.surname, id.givenNames, 39);
  const docNumber = pad(id.documentNumber, 9);
  const dob = yymmdd(id.dateOfBirth);
  const expiry = yymmdd(id.dateOfExpiry);
  const personal = pad(id.optionalData ?? '', 14);
  // An all-filler personal number may carry '<' or '0' as its check digit; '0' is what 7-3-1 gives.
  const personalCd = digit(personal);
  const docPart = docNumber + digit(docNumber);
  const dobPart = dob + digit(dob);
  const expiryPart = expiry + digit(expiry);
  const composite = digit(docPart + dobPart + expiryPart + personal + personalCd);
  const line2 = docPart + id.nationality + dobPart + mrzSex(id.sex) + expiryPart + personal + personalCd + composite;
  return [line1, line2];
}

/** TD1 (ID card): three lines of 30 characters, on the back of the card. */
export function composeTd1(id: MrzIdentity): [string, string, string] {
  const docNumber = pad(id.documentNumber, 9);
  const optional1 = pad(id.optionalData ?? '', 15);
  const line1 = pad(id.documentCode, 2) + id.issuingState + docNumber + digit(docNumber) + optional1;
  const dob = yymmdd(id.dateOfBirth);
  const expiry = yymmdd(id.dateOfExpiry);
  const optional2 = pad('', 11);
  const dobPart = dob + digit(dob);
  const expiryPart = expiry + digit(expiry);
  const composite = digit(line1.slice(5, 30) + dobPart + expiryPart + optional2);
  const line2 = dobPart + mrzSex(id.sex) + expiryPart + id.nationality + optional2 + composite;
  const line3 = nameField(id.surname, id.givenNames, 30);
  return [line1, line2, line3];
}
