import { decideDocumentType } from './document-type';
import { isKnownStateCode } from '../mrz/country-codes';
import { type OcrLine } from '../ocr/types';
import { captionFieldsOf, type VizReading } from '../viz/read-viz';
import { foldText, looksLikeCaption, type VizFieldName } from '../viz/viz-labels';
import { parseVizDate, parseVizNationality, parseVizSex } from '../viz/viz-values';

/**
 * With this many fields' captions read on a side, the captions were legible and readViz had the layout from them;
 * a caption lost there (blur takes the small print unevenly) leaves its value unplaced. Such a side still gets the
 * fields whose value shows what it is (dates by their chronology, the sex letter and nationality code by their
 * closed sets, the one token mixing letters and digits as the number), but never names by their order: beside
 * legible captions, capitals-only lines are as likely a place of birth or an authority. Below it (none read, or
 * one that may be a chance match or the last survivor) the side is one whose small print was lost, and its names
 * are placed by order too. On eval:documents (seed 2026) the partly captioned fronts gained 26 fields (birth and
 * expiry dates, sex, nationality, number) and no wrong one.
 */
export const MIN_CAPTIONED_FIELDS = 2;

/** Age limits of a birth date. */
const MAX_AGE_YEARS = 120;
/**
 * No state issues a document valid for more than 15 years (the limit authenticity-signals also applies). A date of
 * the last 15 years may therefore be the issue date of a valid document: only older dates are taken for a birth
 * date without a caption (a child's card loses its birth date, rather than a card its issue date being taken for
 * one); an expiry date without a caption lies at most this far ahead.
 */
const MAX_VALIDITY_YEARS = 15;
/** More digits than dd.mm.yyyy has: a number that happens to contain a date, not a date line. */
const MAX_DATE_DIGITS = 8;
/**
 * The data of a card front stand in one left-aligned column (ICAO 9303 part 5, zone V) while the state and
 * document name span the top from the card's edge. Lines within this many line heights of the birth date's left
 * edge are in that column (slack for rotated and perspective photos).
 */
const COLUMN_SLACK_LINE_HEIGHTS = 2;
/** Fewer letters than this on a name line is OCR debris, or too short to tell from it. */
const MIN_NAME_LETTERS = 3;
/** A name misread can carry one digit (O read 0, I read 1); a document number has several. */
const MIN_NUMBER_DIGITS = 2;
/**
 * Names, numbers and dates are open sets: without a caption nothing but the reading itself vouches for them, so a
 * line the recogniser read with less than this mean confidence is not taken (blurred S/5, O/0, G/6 and a year's
 * digits are what it hesitates over). The sex letter and the nationality code need no such bar: they must fall in
 * a closed set (M/F/X, ICAO's codes), which a misread seldom lands in.
 */
const MIN_OPEN_VALUE_CONFIDENCE = 0.9;

type Field = 'surname' | 'givenNames' | 'birthDate' | 'issueDate' | 'expiryDate' | 'sex' | 'nationality' | 'documentNumber';
const OPEN_FIELDS = new Set<Field>(['surname', 'givenNames', 'birthDate', 'issueDate', 'expiryDate', 'documentNumber']);

interface ValueLine {
  index: number;
  text: string;
  line: OcrLine;
}

interface Dated extends ValueLine {
  date: string;
}

/**
 * Blurred, dim or heavily compressed photos of card fronts lose the small captions first while the large values
 * stay readable, and readViz, which places values through their captions, then finds little or nothing. This
 * places the values left unassigned by their shape and the order ICAO 9303 card fronts print them in: dates by
 * their chronology, the sex letter and nationality code by their form, the document number as the one mixed
 * letters-and-digits token, and — only when captions of fewer than MIN_CAPTIONED_FIELDS fields were read — the two
 * name lines, surname then given names, as the capitals-only lines in the data column above the birth date.
 *
 * A field is filled only when the caption pass left it empty and the evidence points at one value: two candidates
 * leave it empty, as a missing field costs the user a retake and a wrong one costs a wrong identity. Meant for sides
 * without an MRZ: where one was read, it and completeVizFromMrz give these fields with check digits.
 */
export function fillUncaptionedValues(viz: VizReading, lines: OcrLine[], now: Date): VizReading {
  const captionsPerLine = lines.map((line) => captionFieldsOf(line.text));
  const captionsLegible = new Set(captionsPerLine.flat()).size >= MIN_CAPTIONED_FIELDS;
  const values = lines
    .map((line, index) => ({ index, line, text: line.text.trim() }))
    .filter((v) => v.text !== '' && captionsPerLine[v.index].length === 0 && !looksLikeCaption(foldText(v.text)));
  const completed: VizReading = { ...viz, raw: { ...viz.raw } };
  const fill = (field: Field, value: string | undefined, from: ValueLine): void => {
    if (value === undefined || completed[field] !== undefined) return;
    if (OPEN_FIELDS.has(field) && from.line.confidence < MIN_OPEN_VALUE_CONFIDENCE) return;
    (completed as unknown as Record<Field, string>)[field] = value;
    completed.raw[field] = from.text;
  };

  const dates = values.map((v) => ({ ...v, date: dateOfLine(v.text) })).filter((d): d is Dated => d.date !== null);
  const dated = placeDates(viz, dates, now);
  for (const field of ['birthDate', 'expiryDate', 'issueDate'] as const) {
    const found = dated[field];
    if (found) fill(field, found.date, found);
  }

  // The birth date's line anchors the name lines: the one holding the date its caption gave, or the one placed above
  // (its place is known even when its digits were read too hesitantly to be taken).
  const birthLine = viz.birthDate ? dates.find((d) => d.date === viz.birthDate) : dated.birthDate;
  // Both name lines or neither: a surname alone would make the full name a wrong one. A name its caption gave must
  // stand where the order puts it, or the order is not the one this side is printed in.
  const names = birthLine ? nameLinesAbove(values, lines, birthLine) : null;
  const agrees = (given: string | undefined, line: ValueLine): boolean => given === undefined || cleanName(given) === cleanName(line.text);
  if (
    !captionsLegible &&
    names &&
    names.every((n) => n.line.confidence >= MIN_OPEN_VALUE_CONFIDENCE) &&
    agrees(viz.surname, names[0]) &&
    agrees(viz.givenNames, names[1])
  ) {
    fill('surname', cleanName(names[0].text), names[0]);
    fill('givenNames', cleanName(names[1].text), names[1]);
  }
  const partner = captionsLegible ? nameBesideCaptionedName(viz, lines, captionsPerLine) : null;
  if (partner)
    fill(partner.field, cleanName(partner.line.text), { index: partner.index, line: partner.line, text: partner.line.text.trim() });

  const taken = new Set<number>([...dates.map((d) => d.index), ...(names ?? []).map((n) => n.index)]);
  const rest = values.filter((v) => !taken.has(v.index));
  const sex = single(rest.map((v) => ({ ...v, value: sexOfLine(v.text) })));
  if (sex) fill('sex', sex.value, sex);
  const nationality = single(
    rest.map((v) => ({ ...v, value: nationalityOfLine(v.text, birthLine !== undefined && v.index > birthLine.index) })),
  );
  if (nationality) fill('nationality', nationality.value, nationality);
  // Beside legible captions the lines left over include other numbers (a card access number, a postcode), so there
  // the number must mix letters and digits.
  const number = single(rest.map((v) => ({ ...v, value: documentNumberOfLine(v.text, captionsLegible) })));
  if (number) fill('documentNumber', number.value, number);
  return completed;
}

/**
 * Card fronts print the birth date, often the expiry date and sometimes the issue date, in that chronological
 * order. The earliest date is the birth date when it gives an age over MAX_VALIDITY_YEARS and at most 120; a date
 * ahead (within MAX_VALIDITY_YEARS) is the expiry date when it is the only one; with none ahead, the latest of two
 * or more dates after the birth date is the expiry date of an expired document. A date strictly between birth and
 * expiry, and not ahead, is the issue date when it is the only one. Dates the captions gave anchor the others and
 * are never taken twice.
 */
function placeDates(viz: VizReading, dates: Dated[], now: Date): Partial<Record<'birthDate' | 'issueDate' | 'expiryDate', Dated>> {
  const today = isoDay(now, 0);
  const known = new Set([viz.birthDate, viz.issueDate, viz.expiryDate].filter((d): d is string => d !== undefined));
  const free = dates.filter((d) => !known.has(d.date));
  const placed: Partial<Record<'birthDate' | 'issueDate' | 'expiryDate', Dated>> = {};

  let birth = viz.birthDate;
  if (!birth) {
    const earliest = [...dates].sort((a, b) => a.date.localeCompare(b.date))[0];
    const plausible = earliest && earliest.date >= isoDay(now, -MAX_AGE_YEARS) && earliest.date < isoDay(now, -MAX_VALIDITY_YEARS);
    if (plausible && !known.has(earliest.date)) {
      placed.birthDate = earliest;
      birth = earliest.date;
    }
  }

  let expiry = viz.expiryDate;
  const unplaced = free.filter((d) => d.date !== birth);
  if (!expiry) {
    const ahead = distinct(unplaced.filter((d) => d.date > today && d.date <= isoDay(now, MAX_VALIDITY_YEARS)));
    const pastAfterBirth = birth ? distinct(unplaced.filter((d) => d.date > (birth as string) && d.date <= today)) : [];
    const latest =
      ahead.length === 1
        ? ahead[0]
        : ahead.length === 0 && pastAfterBirth.length >= 2
          ? pastAfterBirth[pastAfterBirth.length - 1]
          : undefined;
    if (latest) {
      placed.expiryDate = latest;
      expiry = latest.date;
    }
  }

  if (!viz.issueDate && birth && expiry) {
    const between = distinct(unplaced.filter((d) => d.date > (birth as string) && d.date < (expiry as string) && d.date <= today));
    if (between.length === 1) placed.issueDate = between[0];
  }
  return placed;
}

/**
 * The surname and the given names: the two lines printed in capitals only (letters, spaces, hyphens, apostrophes)
 * in the data column above the birth date and below the document's title. Captions are printed in mixed case, so
 * lower-case letters (other than c o s v w x z, which the OCR cannot tell from capitals) mark a misread caption.
 * Lines up to the document's name (the wording decideDocumentType recognises: "Personalausweis", "identity card")
 * are title; a state's name or a wording too garbled to recognise still stands outside the column. Any other count
 * of such lines than two (a name lost, a garbled caption read in capitals) leaves the names to the captions.
 */
function nameLinesAbove(values: ValueLine[], lines: OcrLine[], birthLine: ValueLine): [ValueLine, ValueLine] | null {
  const lastTitle = lines
    .slice(0, birthLine.index)
    .map((l) => printsDocumentName(l.text))
    .lastIndexOf(true);
  const column = birthLine.line.box;
  const names = values.filter(
    (v) =>
      v.index > lastTitle &&
      v.index < birthLine.index &&
      Math.abs(v.line.box.x - column.x) <= COLUMN_SLACK_LINE_HEIGHTS * column.height &&
      looksLikePrintedName(v.text),
  );
  return names.length === 2 ? [names[0], names[1]] : null;
}

/**
 * ICAO 9303 zone V prints the surname, then the given names, each under its caption. Where one name's caption was
 * read and the other's lost or garbled ("NomSunme", "Vornan ervGiven"; a caption is printed in mixed case, so a
 * garbled one still shows lower-case letters a name cannot have), the other name is the capitals line standing in
 * its place, and only there:
 * - the surname directly above the given names' caption, with the document's name or a garbled caption above it;
 * - the given names below a garbled caption that follows the surname's line, with a caption, a date (the birth date
 *   whose caption was lost) or nothing after.
 * A name line with any other neighbours (two value lines in a row: a birth name, a second surname) is left alone.
 */
function nameBesideCaptionedName(
  viz: VizReading,
  lines: OcrLine[],
  captionsPerLine: VizFieldName[][],
): { field: 'surname' | 'givenNames'; index: number; line: OcrLine } | null {
  const uncaptionedName = (index: number): boolean => {
    const line = lines[index];
    return (
      line !== undefined &&
      captionsPerLine[index].length === 0 &&
      looksLikePrintedName(line.text.trim()) &&
      line.confidence >= MIN_OPEN_VALUE_CONFIDENCE
    );
  };
  const garbledCaption = (index: number): boolean => {
    const line = lines[index];
    return line !== undefined && captionsPerLine[index].length === 0 && showsSmallLetters(line.text);
  };
  if (viz.surname === undefined && viz.givenNames !== undefined) {
    const caption = captionsPerLine.findIndex((fields) => fields.includes('givenNames'));
    const above = caption - 2;
    const heading = above >= 0 && (garbledCaption(above) || printsDocumentName(lines[above].text));
    return caption >= 2 && heading && uncaptionedName(caption - 1)
      ? { field: 'surname', index: caption - 1, line: lines[caption - 1] }
      : null;
  }
  if (viz.givenNames === undefined && viz.surname !== undefined) {
    const surnameLine = lines.findIndex(
      (line, index) => captionsPerLine[index].length === 0 && cleanName(line.text) === cleanName(viz.surname as string),
    );
    const candidate = surnameLine + 2;
    const next = lines[candidate + 1];
    const after =
      next === undefined ||
      captionsPerLine[candidate + 1].length > 0 ||
      garbledCaption(candidate + 1) ||
      dateOfLine(next.text.trim()) !== null;
    return surnameLine >= 0 && garbledCaption(surnameLine + 1) && uncaptionedName(candidate) && after
      ? { field: 'givenNames', index: candidate, line: lines[candidate] }
      : null;
  }
  return null;
}

function printsDocumentName(text: string): boolean {
  return decideDocumentType(null, foldText(text)).basis === 'printed-wording';
}

function looksLikePrintedName(text: string): boolean {
  if (!/^\p{L}[\p{L}' -]*\p{L}$/u.test(text)) return false;
  if ((text.match(/\p{L}/gu) ?? []).length < MIN_NAME_LETTERS) return false;
  if (showsSmallLetters(text)) return false;
  return sexAndCode(text) === null; // "MAUT" is the sex letter glued to the nationality
}

/** Small letters the OCR can tell from capitals (not c o s v w x z): mixed-case caption print, never a name or place. */
export function showsSmallLetters(text: string): boolean {
  return /\p{Ll}/u.test(text.replace(/[cosvwxzß]/g, ''));
}

function cleanName(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toUpperCase();
}

/** A line that is a date as printed (parseVizDate), not a longer number that happens to contain one. */
function dateOfLine(text: string): string | null {
  if ((text.match(/\d/g) ?? []).length > MAX_DATE_DIGITS) return null;
  return parseVizDate(text);
}

/** "F", or the sex letter beside the nationality: "F D", "F AUT", "F. FRA", glued "MAUT". */
function sexOfLine(text: string): string | undefined {
  const letter = /^[MFX]$/.test(text) ? text : sexAndCode(text)?.sex;
  return (letter && parseVizSex(letter)) ?? undefined;
}

/**
 * The code beside the sex letter, or a line that is only a three-letter ICAO code — the latter only below the birth
 * date: above it, among the name lines, three capitals may as well be a short name (GUY, BEN, MAR are codes).
 */
function nationalityOfLine(text: string, belowBirthDate: boolean): string | undefined {
  const code = sexAndCode(text)?.code ?? (belowBirthDate && /^[A-Z]{3}$/.test(text) && isKnownStateCode(text) ? text : undefined);
  return (code && parseVizNationality(code)) ?? undefined;
}

function sexAndCode(text: string): { sex: string; code: string } | null {
  const match = /^([MFX])[\s.,:;/|-]*([A-Z]{3}|D)$/.exec(text);
  return match && isKnownStateCode(match[2]) ? { sex: match[1], code: match[2] } : null;
}

const MONTH_AND_YEAR = /(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\d{2,4}$/;

/**
 * A line that is one token of 6–12 capitals and digits with at least MIN_NUMBER_DIGITS digits (and a letter, when
 * `withLetter`): not a name (names have no digits but a misread one), not a date (it does not parse as one, nor ends
 * in a month and year: "CAUG1979" is a date whose day the OCR lost), not the MRZ (no fillers).
 */
function documentNumberOfLine(text: string, withLetter: boolean): string | undefined {
  const token = text.replace(/^[.,:;]+|[.,:;]+$/g, '');
  if (!/^[A-Z0-9]{6,12}$/.test(token) || (token.match(/\d/g) ?? []).length < MIN_NUMBER_DIGITS) return undefined;
  if (withLetter && !/[A-Z]/.test(token)) return undefined;
  if (parseVizDate(token) !== null || MONTH_AND_YEAR.test(token)) return undefined;
  return token;
}

/** The one value the lines give (several lines may repeat it); none when they give none or disagree. */
function single<T extends ValueLine & { value: string | undefined }>(found: T[]): (T & { value: string }) | null {
  const withValue = found.filter((f): f is T & { value: string } => f.value !== undefined);
  return withValue.length > 0 && withValue.every((f) => f.value === withValue[0].value) ? withValue[0] : null;
}

/** The dates once each, earliest first. */
function distinct(dates: Dated[]): Dated[] {
  const seen = new Map<string, Dated>();
  for (const d of dates) if (!seen.has(d.date)) seen.set(d.date, d);
  return [...seen.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** YYYY-MM-DD of `now` moved by whole years. */
function isoDay(now: Date, years: number): string {
  const day = new Date(now.getTime());
  day.setUTCFullYear(day.getUTCFullYear() + years);
  return day.toISOString().slice(0, 10);
}
