import { checkDigitMatches } from './check-digit';
import { normaliseMrzLine, repairField, repairStateCodeFillers, type RepairOutcome } from './character-repair';
import { isKnownStateCode, isValidMrzCountryCode } from './country-codes';
import { FRA_ID, LAYOUTS, TD1, TD2, TD3, type MrzLayout, type Span } from './layouts';
import { birthDateFromMrz, expiryDateFromMrz } from './mrz-dates';
import { type MrzCheckDigit, type MrzField, type MrzReading, type MrzReadResult } from './types';

export interface ReadMrzOptions {
  /** Reference date for two-digit years; defaults to the current date. */
  now?: Date;
}

/** How far a line's length may be off before we refuse to fit it to a layout (OCR miscounts '<' runs). */
const LENGTH_TOLERANCE = 3;
/** Lines with a long filler run (name padding) lose or gain several '<' in OCR; they may be further off. */
const LENGTH_TOLERANCE_WITH_FILLER_RUN = 8;

/**
 * Parses MRZ text lines (TD1, TD2, TD3, French national ID). Repairs letter/digit confusions by field type
 * only, checks every check digit, and reports per-field validity. Never throws.
 */
export function readMrz(lines: string[], options: ReadMrzOptions = {}): MrzReadResult {
  const now = options.now ?? new Date();
  const rawLines = (Array.isArray(lines) ? lines : [])
    .filter((l) => typeof l === 'string')
    .map(normaliseMrzLine)
    .filter((l) => l.length > 0);
  if (rawLines.length === 0) return { ok: false, reason: 'NO_LINES', detail: 'no MRZ text given' };
  const layouts = candidateLayouts(rawLines);
  if (layouts.length === 0) {
    return { ok: false, reason: 'UNKNOWN_LAYOUT', detail: `line lengths ${rawLines.map((l) => l.length).join('/')} fit no MRZ layout` };
  }
  const readings = layouts.map((layout) => parseAs(layout, rawLines, now));
  return { ok: true, reading: readings.find((r) => r.valid) ?? readings[0] };
}

/** The fields holding a state code, from the closed set of ICAO's codes (`repairStateCodeFillers`). */
const STATE_CODE_FIELDS = new Set(['issuingState', 'nationality']);

function withStateCodeFillers(outcome: RepairOutcome, label: string): RepairOutcome {
  const fillers = repairStateCodeFillers(outcome.text, label);
  return { text: fillers.text, changes: [...outcome.changes, ...fillers.changes] };
}

function parseAs(layout: MrzLayout, rawLines: string[], now: Date): MrzReading {
  const anomalies: string[] = [];
  const repairs: string[] = [];
  const fitted = rawLines.map((line, i) =>
    fitLength(i === 0 ? restoreLostPassportCode(line, layout, repairs) : line, layout.lineLength, i, repairs, anomalies),
  );

  const repaired = fitted.map((l) => l.split(''));
  for (const field of layout.fields) {
    const [li, start, end] = field.span;
    const current = repaired[li].slice(start, end).join('');
    const byKind = repairField(current, field.kind, field.name);
    const outcome = STATE_CODE_FIELDS.has(field.name) ? withStateCodeFillers(byKind, field.name) : byKind;
    repairs.push(...outcome.changes);
    for (let k = 0; k < outcome.text.length; k += 1) repaired[li][start + k] = outcome.text[k];
  }
  const parsedLines = repaired.map((chars) => chars.join(''));
  parsedLines.forEach((line, i) => {
    if (/[^A-Z0-9<]/.test(line)) anomalies.push(`line ${i + 1} holds characters outside A–Z, 0–9 and '<'`);
  });

  const checkDigits = evaluateCheckDigits(layout, parsedLines);
  const fields = extractFields(layout, parsedLines, checkDigits, now, anomalies);
  const valid = anomalies.length === 0 && checkDigits.every((c) => c.valid);
  return { format: layout.format, lines: parsedLines, rawLines, valid, fields, checkDigits, repairs, anomalies };
}

/**
 * The layouts the line lengths fit best, preferred first, plus the one the document code names. Two can
 * tie: a TD3 whose line 2 lost its eight optional-data fillers is 44/36 long, as far from TD2 as from TD3,
 * and with all-filler optional data it passes TD2's composite check as well (fillers weigh nothing). A
 * passport whose lines both lost eight fillers is nearer TD2 than TD3, yet ICAO prints passports (P) only
 * as TD3. Each candidate is parsed and a valid one wins; between two valid ones the document code decides
 * (a passport is TD3, an identity card TD2), and failing that the longer layout, because OCR drops filler
 * runs far more often than it invents them.
 */
function candidateLayouts(lines: string[]): MrzLayout[] {
  // A line longer than its layout must show the run it gained fillers in; a shorter one lost them, so
  // what is left of its run may be short.
  const fits = (line: string, length: number) => {
    const off = Math.abs(line.length - length);
    return off <= LENGTH_TOLERANCE || (off <= LENGTH_TOLERANCE_WITH_FILLER_RUN && (line.length > length ? /<{4,}/ : /<{2,}/).test(line));
  };
  // A passport's name line ends in its name padding, which may be most of the line: read short by any number of
  // fillers, it is still the TD3 line its document code says (a TD3 read 28/44 fits TD2's 36/36 as well, and
  // passes TD2's checks with the names and numbers in the same places).
  const indicated = layoutForDocumentCode(lines[0]);
  const namePaddingShort = (line: string, i: number, layout: MrzLayout) =>
    layout === TD3 && indicated === TD3 && i === 0 && line.length < layout.lineLength && /<{2,}$/.test(line);
  const distance = (layout: MrzLayout) => lines.reduce((sum, l) => sum + Math.abs(l.length - layout.lineLength), 0);
  const candidates = LAYOUTS.filter(
    (layout) => layout.lineCount === lines.length && lines.every((l, i) => fits(l, layout.lineLength) || namePaddingShort(l, i, layout)),
  );
  if (candidates.length === 0) return [];
  const nearest = Math.min(...candidates.map(distance));
  const tied = candidates.filter((layout) => distance(layout) === nearest || layout === indicated);
  // TD2 and the French ID share their size; the text, not the check digits, tells them apart.
  const notIndicated = looksLikeFrenchId(lines) ? TD2 : FRA_ID;
  const preferred = tied.includes(TD2) && tied.includes(FRA_ID) ? tied.filter((layout) => layout !== notIndicated) : tied;
  const codeFits = (layout: MrzLayout) => (layoutForDocumentCode(lines[0]) === layout ? 1 : 0);
  return preferred.sort((a, b) => codeFits(b) - codeFits(a) || b.lineLength - a.lineLength);
}

/** ICAO 9303: passports (P) are TD3; identity cards (I, A, C) are TD1 or TD2. Visas (V) come in both sizes. */
function layoutForDocumentCode(line1: string): MrzLayout | null {
  if (line1.startsWith('P')) return TD3;
  return /^[IAC]/.test(line1) ? TD2 : null;
}

/**
 * French cards start "IDFRA" like a French TD2 would, but their line 2 has no nationality at 10–12; a TD2
 * line 2 carries a country code there and a sex marker at 20.
 */
function looksLikeFrenchId(lines: string[]): boolean {
  if (!/^ID.?FRA/.test(lines[0].slice(0, 6)) && !lines[0].startsWith('IDFRA')) return false;
  const line2 = lines[1];
  const td2Like = /^[A-Z<]{3}$/.test(line2.slice(10, 13)) && /^[MFX<]$/.test(line2[20] ?? '');
  return !td2Like;
}

/**
 * A passport's line 1 opens with its document code, 'P' and a letter or '<' (ICAO 9303 part 4), then the issuing
 * state. The recogniser drops a glyph at the crop's edge now and then; when line 1 came in short and its state code
 * stands one or two places early ('<IRLMURPHY<<SEAN…', 'IRLMURPHY…') while none stands in its place, the code's
 * characters are what was lost, not fillers. Fitted at the filler run instead, every field after the loss slides one
 * place (state 'RLM', surname 'URPHY'), and no check digit covers line 1 to show it. What is left of the code stays;
 * the 'P' lost is restored, and a lost second character becomes '<', the common one (a letter there would be a
 * state's own kind of passport, which nothing read tells).
 */
function restoreLostPassportCode(line: string, layout: MrzLayout, repairs: string[]): string {
  if (layout !== TD3 || line.length >= layout.lineLength || isKnownStateCode(line.slice(2, 5))) return line;
  for (const at of [1, 0]) {
    if (line.length + (2 - at) > layout.lineLength || !isKnownStateCode(line.slice(at, at + 3))) continue;
    const codeLeft = line.slice(0, at);
    const restoredCode = at === 0 ? 'P<' : codeLeft === 'P' ? 'P<' : `P${codeLeft}`;
    if (!/^P[A-Z<]$/.test(restoredCode)) continue;
    const asRead = codeLeft === '' ? 'lost' : `read '${codeLeft}'`;
    repairs.push(
      `line 1: document code ${asRead} before the issuing state, restored to '${restoredCode}' (a passport's code opens line 1)`,
    );
    return restoredCode + line.slice(at);
  }
  return line;
}

/**
 * OCR often miscounts runs of '<'. When a line is a few characters off, the longest filler run (the name
 * padding, as a rule) is lengthened or shortened; this is reported as a repair and never chosen by a check digit.
 */
function fitLength(line: string, target: number, index: number, repairs: string[], anomalies: string[]): string {
  if (line.length === target) return line;
  const runs = [...line.matchAll(/<{2,}/g)];
  if (runs.length === 0) {
    anomalies.push(`line ${index + 1} has ${line.length} characters, expected ${target}`);
    return line.length > target ? line.slice(0, target) : line.padEnd(target, '<');
  }
  const longest = runs.reduce((best, r) => (r[0].length >= best[0].length ? r : best));
  const start = longest.index ?? 0;
  const newRunLength = longest[0].length + (target - line.length);
  if (newRunLength < 1) {
    anomalies.push(`line ${index + 1} has ${line.length} characters, expected ${target}`);
    return line.slice(0, target);
  }
  repairs.push(`line ${index + 1}: filler run at ${start} resized ${longest[0].length}→${newRunLength} to fit ${target} characters`);
  return line.slice(0, start) + '<'.repeat(newRunLength) + line.slice(start + longest[0].length);
}

function slice(lines: string[], [li, start, end]: Span): string {
  return lines[li].slice(start, end);
}

function evaluateCheckDigits(layout: MrzLayout, lines: string[]): MrzCheckDigit[] {
  return layout.checkDigits.map((spec) => {
    if (layout === TD1 && spec.name === 'documentNumber') return { name: spec.name, valid: td1DocumentNumber(lines).checkValid };
    const text = spec.covers.map((span) => slice(lines, span)).join('');
    const digit = lines[spec.at[0]][spec.at[1]] ?? '';
    return { name: spec.name, valid: checkDigitMatches(text, digit, spec.fillerMeansEmpty) };
  });
}

/**
 * TD1 numbers longer than 9 characters: position 15 holds '<' and the number continues in the optional
 * data up to the next filler, whose last character is then the check digit (Doc 9303 part 5, note j).
 */
function td1DocumentNumber(lines: string[]): { value: string; checkValid: boolean } {
  const head = lines[0].slice(5, 14);
  const checkChar = lines[0][14];
  if (checkChar === '<' && /^[A-Z0-9]/.test(lines[0][15] ?? '')) {
    const tail = lines[0].slice(15, 30).split('<')[0];
    const value = head + tail.slice(0, -1);
    return { value, checkValid: checkDigitMatches(value, tail.slice(-1)) };
  }
  return { value: head.replace(/<+$/, ''), checkValid: checkDigitMatches(head, checkChar ?? '') };
}

function extractFields(
  layout: MrzLayout,
  lines: string[],
  checks: MrzCheckDigit[],
  now: Date,
  anomalies: string[],
): Record<string, MrzField> {
  const checkValid = (name: MrzCheckDigit['name']) => checks.find((c) => c.name === name)?.valid;
  const raw = (name: string) => {
    const spec = layout.fields.find((f) => f.name === name);
    return spec ? slice(lines, spec.span) : '';
  };
  const fields: Record<string, MrzField> = {};
  const documentCode = raw('documentCode');
  fields.documentCode = { value: documentCode.replace(/<+$/, ''), valid: /^[A-Z][A-Z<]$/.test(documentCode) };
  for (const name of ['issuingState', 'nationality']) {
    const code = raw(name);
    if (code) fields[name] = { value: code.replace(/<+$/, ''), valid: isValidMrzCountryCode(code) };
  }
  if (layout === FRA_ID) {
    fields.nationality = { value: 'FRA', valid: true }; // the card is only issued to French nationals
    fields.surname = nameField(raw('surname'));
    fields.givenNames = nameField(raw('givenNames').replace(/<<+/g, '<<').split('<<').join(' ').replace(/<+$/, ''));
    const ym = raw('issueYearMonth');
    fields.issueYearMonth = { value: ym, valid: /^[0-9]{2}(0[1-9]|1[0-2])$/.test(ym) };
  } else {
    const [surname, ...given] = raw('names').split('<<');
    fields.surname = nameField(surname);
    fields.givenNames = nameField(given.join('<'));
  }
  const documentNumber = layout === TD1 ? td1DocumentNumber(lines).value : raw('documentNumber').replace(/<+$/, '');
  fields.documentNumber = { value: documentNumber, valid: checkValid('documentNumber') && /^[A-Z0-9<]+$/.test(documentNumber) };

  const birthRaw = raw('birthDate');
  const birthDate = birthDateFromMrz(birthRaw, now);
  if (!birthDate) anomalies.push(`birth date '${birthRaw}' is not a calendar date`);
  fields.birthDate = { value: birthDate ?? birthRaw, valid: Boolean(birthDate) && checkValid('birthDate') };

  if (layout !== FRA_ID) {
    const expiryRaw = raw('expiryDate');
    const expiryDate = expiryDateFromMrz(expiryRaw, now);
    if (!expiryDate) anomalies.push(`expiry date '${expiryRaw}' is not a calendar date`);
    fields.expiryDate = { value: expiryDate ?? expiryRaw, valid: Boolean(expiryDate) && checkValid('expiryDate') };
  }
  const sex = raw('sex');
  // '<' means unspecified (Germany prints no sex in the MRZ): an empty value, so the visual zone may supply it.
  fields.sex = { value: sex === '<' ? '' : sex, valid: /^[MFX<]$/.test(sex) };
  if (layout === TD3) fields.personalNumber = { value: raw('personalNumber').replace(/<+$/, ''), valid: checkValid('personalNumber') };
  if (layout === TD2 || layout === TD1) fields.optionalData = { value: raw('optionalData').replace(/<+$/, '') };
  if (layout === TD1) fields.optionalData2 = { value: raw('optionalData2').replace(/<+$/, '') };
  return fields;
}

function nameField(text: string): MrzField {
  const value = text.replace(/<+$/, '').replace(/</g, ' ').trim();
  return { value, valid: /^[A-Z< ]*$/.test(text) };
}

export const MRZ_LAYOUTS = { TD1, TD2, TD3, FRA_ID };
