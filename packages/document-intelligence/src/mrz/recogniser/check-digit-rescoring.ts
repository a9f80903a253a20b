import { checkDigitMatches } from '../check-digit';
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
