import { type FieldKind } from '../character-repair';
import { type MrzLayout } from '../layouts';
import { type AllowedCharacters, MRZ_ALPHABET } from './constrained-decode';

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const FILLER = '<';

/**
 * What ICAO 9303 (parts 4-6) prints in each kind of field. Dates keep the filler: a date whose day or month is
 * unknown is printed with fillers there. A check digit may be a filler only where the layout says so (an empty
 * optional field's).
 */
const BY_KIND: Record<FieldKind, AllowedCharacters> = {
  numeric: DIGITS + FILLER,
  alpha: LETTERS + FILLER,
  name: LETTERS + FILLER,
  alnum: MRZ_ALPHABET,
  optional: MRZ_ALPHABET,
  sex: 'MFX<',
  check: DIGITS,
};

/** Per line, per place: the characters the layout allows there. */
export function layoutGrammar(layout: MrzLayout): AllowedCharacters[][] {
  const lines = Array.from({ length: layout.lineCount }, () => new Array<AllowedCharacters>(layout.lineLength).fill(MRZ_ALPHABET));
  // Fields may overlap (the French card's number holds its issue year and month): the narrower set wins.
  for (const field of layout.fields) {
    const [line, start, end] = field.span;
    for (let x = start; x < end; x += 1) {
      const current = lines[line][x];
      const allowed = BY_KIND[field.kind];
      lines[line][x] = allowed.length < current.length ? allowed : current;
    }
  }
  for (const check of layout.checkDigits) {
    if (check.fillerMeansEmpty) lines[check.at[0]][check.at[1]] = DIGITS + FILLER;
  }
  // The document code's first letter names the format: P (passports, TD3), I, A or C (cards), V (visas).
  lines[0][0] = layout.format === 'TD3' ? 'PV' : layout.format === 'FRA_ID' ? 'I' : 'IACV';
  return lines;
}
