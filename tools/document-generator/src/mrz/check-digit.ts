/** ICAO 9303 part 3 §4.9: weights 7-3-1, digits as themselves, A–Z as 10–35, filler '<' as 0. */
export function mrzCharValue(ch: string): number {
  if (ch >= '0' && ch <= '9') return ch.charCodeAt(0) - 48;
  if (ch >= 'A' && ch <= 'Z') return ch.charCodeAt(0) - 55;
  if (ch === '<') return 0;
  return -1;
}

const WEIGHTS = [7, 3, 1];

/** Check digit as a character, or null when the field holds a character that cannot appear in an MRZ. */
export function checkDigit(field: string): string | null {
  let sum = 0;
  for (let i = 0; i < field.length; i++) {
    const value = mrzCharValue(field[i]);
    if (value < 0) return null;
    sum += value * WEIGHTS[i % 3];
  }
  return String(sum % 10);
}
