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
