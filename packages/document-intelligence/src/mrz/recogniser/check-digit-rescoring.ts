import { checkDigitMatches } from '../check-digit';
import { isKnownStateCode } from '../country-codes';
import { type CheckDigitSpec, type MrzLayout, type Span } from '../layouts';
import { type AllowedCharacters } from './constrained-decode';

/** One line as decoded, with what reading each of its places as another character would cost. */
export interface ScoredLine {
  text: string;
  allowed: AllowedCharacters[];
  /** Cost (log-probability given up) of reading place x as `character`. */
  cost(x: number, character: string): number;
}

export interface RescoredMrz {
  lines: string[];
  /** Each change, "line:place A→B (cost)". */
  substitutions: string[];
}

/**
 * A character the model read with less than this margin over another it allows there may be that other one.
 * In nats over the character's steps: e^4 ≈ 55 times less likely on the steps it was read at. A check digit is
 * 1 in 10 by chance, so only a near tie may be settled by it; a clear reading that fails its check stays as
 * read and fails (the printed document may carry a wrong digit).
 */
export const MAX_SUBSTITUTION_COST = 4;

/**
 * Top candidates rescored by the check digits: for each check that fails as decoded, the cheapest single
 * change among the places it covers (or the check digit itself) that makes it pass, if it costs less than
 * MAX_SUBSTITUTION_COST. The field checks go first; the composite then may change only places no passing field
 * check vouches for. Names carry no check digit and are never changed here.
 */
export function rescoreByCheckDigits(layout: MrzLayout, lines: ScoredLine[]): RescoredMrz {
  const text = lines.map((l) => [...l.text]);
  const substitutions: string[] = [];
  const fieldChecks = layout.checkDigits.filter((c) => c.name !== 'composite');
  const composite = layout.checkDigits.find((c) => c.name === 'composite');
  const vouched = new Set<string>();
  for (const check of fieldChecks) {
    const places = placesOf(check.covers).concat([check.at]);
    if (!passes(text, check)) {
      const change = cheapestPassingChange(text, lines, check, places, new Set());
      if (change) apply(text, change, substitutions);
    }
    if (passes(text, check)) places.forEach(([l, x]) => vouched.add(`${l}:${x}`));
  }
  if (composite && !passes(text, composite)) {
    const places = placesOf(composite.covers).concat([composite.at]);
    const change = cheapestPassingChange(text, lines, composite, places, vouched);
    if (change) apply(text, change, substitutions);
  }
  return { lines: text.map((t) => t.join('')), substitutions };
}

interface Change {
  line: number;
  place: number;
  from: string;
  to: string;
  cost: number;
}

function cheapestPassingChange(
  text: string[][],
  lines: ScoredLine[],
  check: CheckDigitSpec,
  places: [number, number][],
  frozen: Set<string>,
): Change | null {
  let best: Change | null = null;
  for (const [line, place] of places) {
    if (frozen.has(`${line}:${place}`)) continue;
    const from = text[line][place];
    for (const to of lines[line].allowed[place]) {
      if (to === from) continue;
      const cost = lines[line].cost(place, to);
      if (cost >= MAX_SUBSTITUTION_COST || (best && cost >= best.cost)) continue;
      text[line][place] = to;
      if (passes(text, check)) best = { line, place, from, to, cost };
      text[line][place] = from;
    }
  }
  return best;
}

function apply(text: string[][], change: Change, log: string[]): void {
  text[change.line][change.place] = change.to;
  log.push(`${change.line + 1}:${change.place + 1} ${change.from}→${change.to} (${change.cost.toFixed(2)})`);
}

function passes(text: string[][], check: CheckDigitSpec): boolean {
  const covered = check.covers.map(([l, s, e]) => text[l].slice(s, e).join('')).join('');
  return checkDigitMatches(covered, text[check.at[0]][check.at[1]], check.fillerMeansEmpty);
}

function placesOf(spans: Span[]): [number, number][] {
  return spans.flatMap(([line, start, end]) => Array.from({ length: end - start }, (_, k): [number, number] => [line, start + k]));
}

/**
 * The letter issuers leave out of document numbers because it looks like a digit, and that digit. The Netherlands
 * print no letter O in passport or identity-card numbers (government.nl: "the letter 'O' is not used ... You will
 * only ever see the number '0'"); Switzerland leave out O and I (fedpol), Germany every vowel and B, D, Q, S, China's
 * extended series I and O. A number read with an O is far more often printed with a 0 by a printer whose zero is
 * rounder than Debian's OCR-B (the BLR specimen's line 2 starts `0000000000`, read `OO00000000` in all three
 * captures, a valid MRZ by chance). Only O: the other look-alikes are left out by one issuer each.
 */
export const DOCUMENT_NUMBER_LOOK_ALIKES: Readonly<Record<string, string>> = { O: '0' };
/**
 * The prior odds against an O in a document number, in nats per O (ln 1000). It only decides between readings the
 * check digits cannot tell apart: one O↔0 swap always changes a field's check digit (the values differ by 24, and
 * 24 times weight 7, 3 or 1 is never 0 mod 10), but two swaps at weights 7 and 3 cancel (24 × 10), so a number read
 * `OO…` for `00…` passes. A model surer than this of each O keeps it. On synthetic strips whose numbers hold O as
 * often as 0 (the training set's look-alike numbers, unlike any issuer's) it turns 8 right readings of 1,500 wrong;
 * see models/MRZ-RECOGNISER.md.
 */
export const LETTER_IN_DOCUMENT_NUMBER_NATS = Math.log(1000);

/**
 * The document number read with every O as 0, when that reading passes every check the reading passes now and
 * the model's evidence for the O's (their cost, in nats) is less than the prior against them. One alternative
 * only, not every subset of the O's: with n of them, 2^n - 1 alternatives would pass a check digit by chance about
 * (2^n - 1) / 10 times. Nothing changes when the number's own check fails (the check digits then tell).
 */
export function preferDigitsInDocumentNumber(layout: MrzLayout, lines: ScoredLine[], current: string[]): RescoredMrz {
  const unchanged = { lines: [...current], substitutions: [] };
  const text = current.map((l) => [...l]);
  const field = layout.fields.find((f) => f.name === 'documentNumber');
  const numberCheck = layout.checkDigits.find((c) => c.name === 'documentNumber');
  if (!field || !numberCheck || !passes(text, numberCheck)) return unchanged;
  const passing = layout.checkDigits.filter((c) => passes(text, c));
  const [line, start, end] = field.span;
  const places: number[] = [];
  for (let x = start; x < end; x += 1) if (DOCUMENT_NUMBER_LOOK_ALIKES[text[line][x]]) places.push(x);
  if (places.length === 0) return unchanged;
  // Cost of moving a place from what it holds now to `to`, whatever the decoder first read there.
  const delta = (x: number, to: string) => lines[line].cost(x, to) - lines[line].cost(x, text[line][x]);
  const changes = places.map((x) => ({ x, from: text[line][x], to: DOCUMENT_NUMBER_LOOK_ALIKES[text[line][x]] }));
  const costs = changes.map((c) => delta(c.x, c.to));
  if (costs.reduce((sum, c) => sum + c, 0) >= changes.length * LETTER_IN_DOCUMENT_NUMBER_NATS) return unchanged;
  changes.forEach((c) => (text[line][c.x] = c.to));
  if (!passing.every((c) => passes(text, c))) return unchanged;
  return {
    lines: text.map((t) => t.join('')),
    substitutions: changes.map((c, k) => `${line + 1}:${c.x + 1} ${c.from}→${c.to} (${costs[k].toFixed(2)}, number prior)`),
  };
}

/** The MRZ fields that hold a state code (ICAO 9303 part 3's closed list, plus the specimens' Utopia). */
const STATE_CODE_FIELDS = ['issuingState', 'nationality'];
/**
 * The prior, in nats, that a document's holder is a national of the state that issued it (ln 100: passports and
 * identity cards are issued to nationals, with few exceptions such as travel documents for refugees, whose
 * nationality code is then its own, e.g. XXA, not a near miss of the issuer's).
 */
export const NATIONALITY_OF_ISSUER_NATS = Math.log(100);

/**
 * A state code read as no state's code, changed in one place to a code that exists, when that costs less than
 * MAX_SUBSTITUTION_COST (a near tie, as for a check digit) — or, for the nationality, to the document's own
 * issuing state when that costs less than MAX_SUBSTITUTION_COST + NATIONALITY_OF_ISSUER_NATS. State codes carry no
 * check digit, but they come from a closed list (~250 of 17,576 three-letter strings), and a holder's nationality
 * is, as a rule, the issuer's (the dim AZE photo of mrz-real-dev read its nationality `AZF` beside the issuer
 * `AZE`, F over E by 5.5 nats on 7-px glyphs). A code that exists is never changed; one no single change fixes
 * stays, and the reading is refused as before (`mrzStatesExist`).
 */
export function settleStateCodes(layout: MrzLayout, lines: ScoredLine[], current: string[]): RescoredMrz {
  const text = current.map((l) => [...l]);
  const substitutions: string[] = [];
  const codeOf = (name: string) => {
    const field = layout.fields.find((f) => f.name === name);
    return field ? text[field.span[0]].slice(field.span[1], field.span[2]).join('').replace(/<+$/, '') : '';
  };
  for (const field of layout.fields.filter((f) => STATE_CODE_FIELDS.includes(f.name))) {
    const [line, start, end] = field.span;
    const code = () => text[line].slice(start, end).join('').replace(/<+$/, '');
    if (isKnownStateCode(code())) continue;
    const issuer = field.name === 'nationality' ? codeOf('issuingState') : '';
    const issuerKnown = isKnownStateCode(issuer);
    let best: Change | null = null;
    let bestMargin = 0;
    for (let x = start; x < end; x += 1) {
      const from = text[line][x];
      for (const to of lines[line].allowed[x]) {
        if (to === from) continue;
        const cost = lines[line].cost(x, to) - lines[line].cost(x, from);
        text[line][x] = to;
        const landed = code();
        text[line][x] = from;
        if (!isKnownStateCode(landed)) continue;
        const limit = MAX_SUBSTITUTION_COST + (issuerKnown && landed === issuer ? NATIONALITY_OF_ISSUER_NATS : 0);
        // Ranked by how far under its own limit it stays: the issuer's code is the likelier near miss.
        if (cost < limit && (!best || limit - cost > bestMargin)) {
          best = { line, place: x, from, to, cost };
          bestMargin = limit - cost;
        }
      }
    }
    if (best) apply(text, best, substitutions);
  }
  return { lines: text.map((t) => t.join('')), substitutions };
}

/**
 * A document number that opens its line (TD3 and TD2 line 2) read with a letter O at that first place is read with
 * a 0 there, whatever the model's margin and whatever the check digits then say. At a line's first place the
 * recogniser sees no glyph to its left, and on real captures it read every 0 there as O, surely (4 of 4 lines of
 * mrz-real-dev that open with a 0: the BLR specimen's `0000000000` in three captures, at 3.0–4.5 nats, and the AFG
 * specimen's `00120186` at 8 nats), while it reads the same printer's zeros further along the line right: its
 * evidence for O there is the printer's round zero without context, not a letter. Issuers leave O out of their
 * numbers (`DOCUMENT_NUMBER_LOOK_ALIKES`). When the 0 then fails a check the O passed, the document prints a wrong
 * check digit (the AFG specimen, labelled so: its number and composite checks fail), and the MRZ is judged invalid
 * rather than valid on a letter no issuer prints there. Only the first place: further along, the model has context,
 * and `preferDigitsInDocumentNumber` weighs its evidence against the prior.
 */
export function readZeroAtLineStart(layout: MrzLayout, current: string[]): RescoredMrz {
  const field = layout.fields.find((f) => f.name === 'documentNumber');
  if (!field || field.span[1] !== 0 || current[field.span[0]][0] !== 'O') return { lines: [...current], substitutions: [] };
  const line = field.span[0];
  const lines = current.map((l, k) => (k === line ? `0${l.slice(1)}` : l));
  return { lines, substitutions: [`${line + 1}:1 O→0 (line start)`] };
}
