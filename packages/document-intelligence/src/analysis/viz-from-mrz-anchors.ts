import { type OcrLine } from '../ocr/types';
import { type MrzReading } from '../mrz/types';
import { isValidMrzCountryCode } from '../mrz/country-codes';
import { type VizReading } from '../viz/read-viz';
import { parseVizDate } from '../viz/viz-values';
import { showsSmallLetters } from './uncaptioned-values';

/**
 * Captions are the small print a blurred or dim photo loses first, while the values beside them stay readable.
 * Where a valid MRZ vouches for the birth and expiry dates and the sex, two fields the MRZ does not carry can
 * be told without their captions:
 * - the date of issue: the one other printed date after the birth date. Not one on the birth date's day and month
 *   beside a printed birth date (`birthDayMisread`), nor, after the expiry date, the expiry date misread
 *   (`expiryMisread`). A date of issue after expiry is what ISSUE_AFTER_EXPIRY looks for: a window ending at the
 *   expiry date left every such card whose captions blurred unflagged;
 * - the place of birth: on a "Sex / Place of birth" value line ("F CORK"), the words after the MRZ's sex letter.
 * Only fields the captions did not give are filled (or a place of birth they gave in small letters, which is no
 * printed place), and only from a single unambiguous line; a place of birth the captions gave with the sex letter
 * in front loses the letter.
 */
export function completeVizFromMrz(viz: VizReading, lines: OcrLine[], mrz: MrzReading | null): VizReading {
  if (!mrz?.valid) return viz;
  const birth = mrz.fields.birthDate?.value;
  const expiry = mrz.fields.expiryDate?.value;
  const sex = mrz.fields.sex?.value;
  const completed: VizReading = { ...viz, raw: { ...viz.raw } };

  if (!viz.issueDate && birth && expiry) {
    const dated = lines
      .map((line) => ({ text: line.text, date: parseVizDate(line.text) }))
      .filter(
        (d): d is { text: string; date: string } =>
          d.date !== null &&
          d.date > birth &&
          d.date !== expiry &&
          !(printsBirthDateBeside(mrz) && birthDayMisread(d.date, birth)) &&
          (d.date < expiry || !expiryMisread(d.date, expiry)),
      );
    const distinct = new Set(dated.map((d) => d.date));
    if (distinct.size === 1) {
      completed.issueDate = dated[0].date;
      completed.raw.issueDate = dated[0].text;
    }
  }

  // A "Sex / Place of birth" value line under a caption line whose "Sex" the OCR lost comes whole ("F LEEDS").
  const sexPrefixed = sex && viz.placeOfBirth ? placeAfterSexLetter(viz.placeOfBirth, sex) : null;
  if (sexPrefixed) completed.placeOfBirth = sexPrefixed;

  // A place the captions gave in small letters is debris read under the caption (places are printed in capitals):
  // the "Sex / Place of birth" value line beneath it is the place ("ice" above "F LEEDS").
  const captionedPlaceDoubtful = viz.placeOfBirth !== undefined && !sexPrefixed && showsSmallLetters(viz.placeOfBirth);
  if ((!viz.placeOfBirth || captionedPlaceDoubtful) && sex) {
    const places = lines
      .map((line) => ({ text: line.text, place: placeAfterSexLetter(line.text, sex) }))
      .filter((p): p is { text: string; place: string } => p.place !== null);
    if (places.length === 1) {
      completed.placeOfBirth = places[0].place;
      completed.raw.placeOfBirth = places[0].text;
    }
  }
  return completed;
}

/**
 * A date with the birth date's day and month in another year is the printed birth date with a year's digit misread
 * ('24DEC13' for 24 DEC 63) far more often than an issue on the holder's birthday (one day in 365), on a side that
 * prints the birth date (`printsBirthDateBeside`).
 */
function birthDayMisread(date: string, birth: string): boolean {
  return date.slice(5) === birth.slice(5);
}

/**
 * A date after the expiry date that is the printed expiry date misread: the same day and month in another year (a
 * year's digit), or one digit off anywhere (a day's or month's). A document issued after it expired differs more.
 */
function expiryMisread(date: string, expiry: string): boolean {
  const digits = (iso: string) => iso.replace(/-/g, '');
  const [a, b] = [digits(date), digits(expiry)];
  const differing = [...a].filter((ch, i) => ch !== b[i]).length;
  return date.slice(5) === expiry.slice(5) || differing === 1;
}

/**
 * A passport's data page (TD3) and a TD2 card print the birth date in the visual zone beside their MRZ; a TD1 card
 * prints it on the front, and its MRZ side carries the issue data (on seed 7 doc 38's back, issued on the holder's
 * 50th birthday, that date is the issue date).
 */
function printsBirthDateBeside(mrz: MrzReading): boolean {
  return mrz.format !== 'TD1';
}

/** "F CORK" → "CORK" for sex F; a country code after the letter ("F GBR", the Sex / Nationality line) is no place. */
function placeAfterSexLetter(text: string, sex: string): string | null {
  const match = /^\s*([MFX])\s+(\p{Lu}[\p{Lu}\s.'-]*\p{Lu})\s*$/u.exec(text);
  if (!match || match[1] !== sex) return null;
  const place = match[2].replace(/\s+/g, ' ');
  if (/^[A-Z]{1,3}$/.test(place) && (isValidMrzCountryCode(place) || place.length < 3)) return null;
  return place;
}
