/** ICAO 9303 part 3 §4.9: weights 7-3-1 repeating, digits at face value, A–Z as 10–35, filler '<' as 0. */
export function computeCheckDigit(text: string): number {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < text.length; i += 1) {
    sum += characterValue(text[i]) * weights[i % 3];
  }
  return sum % 10;
}

function characterValue(ch: string): number {
  if (ch >= '0' && ch <= '9') return ch.charCodeAt(0) - 48;
  if (ch >= 'A' && ch <= 'Z') return ch.charCodeAt(0) - 55;
  // '<' and anything unreadable count as 0; an unreadable character cannot make a wrong digit pass on purpose.
  return 0;
}

/** True when `digit` is the check digit of `text`. A filler '<' in the check position is only accepted
 *  where ICAO allows it (an all-filler optional field), which the caller decides through `fillerMeansEmpty`. */
export function checkDigitMatches(text: string, digit: string, fillerMeansEmpty = false): boolean {
  if (fillerMeansEmpty && digit === '<' && /^<*$/.test(text)) return true;
  if (!/^[0-9]$/.test(digit)) return false;
  return computeCheckDigit(text) === Number(digit);
}
