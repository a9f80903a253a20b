import { readMrz } from './read-mrz';
import { fieldsWithTextAfterPadding } from './stray-after-padding';

function reading(lines: string[]) {
  const result = readMrz(lines, { now: new Date('2026-01-01T00:00:00Z') });
  if (!result.ok) throw new Error(result.detail);
  return result.reading;
}

describe('fieldsWithTextAfterPadding', () => {
  it('finds the filler chevrons a noisy photo turned into letters, in names and optional data', () => {
    // A noisy card back read by the recogniser: every check digit passes, yet fillers came out as K.
    const noisy = reading(['IDGBRKG605Z87H8<<<<K<<<<<<K<<<', '7103210M2906302GBR<<<<<<<<<<<8', 'WALKER<<OLIVER<THOMAS<<<<<<<<K']);
    expect(noisy.valid).toBe(true);
    expect(fieldsWithTextAfterPadding(noisy)).toEqual(['optionalData', 'names']);
  });

  it('finds them on a line read a character long or short, where the padding was resized before it was cleared', () => {
    const long = reading(['IDGBRKG605Z87H8<<<<<<<<<<<<<<<<', '7103210M2906302GBR<<<<<<<<<<<8', 'WALKER<<OLIVER<THOMAS<<<<<<<<K']);
    expect(fieldsWithTextAfterPadding(long)).toEqual(['names']);
    const short = reading(['IDGBRKG605Z87H8<<<<<<<<<<<<<<', '7103210M2906302GBR<<<<<<<<<<<8', 'WALKER<<OLIVER<THOMAS<<<<<<K<']);
    expect(fieldsWithTextAfterPadding(short)).toEqual(['names']);
  });

  it('leaves printed MRZs alone: initials, a check digit after optional data, a long number running on, personal numbers', () => {
    expect(fieldsWithTextAfterPadding(reading(['IDGBRKG605Z87H8<<<<<<<<<<<<<<<', '7103210M2906302GBR<<<<<<<<<<<8', 'WALKER<<OLIVER<K<<<<<<<<<<<<<<']))).toEqual([]);
    expect(fieldsWithTextAfterPadding(reading(['I<NLDSPECI20142999999990<<<<<8', '6503101F2403096NLD<<<<<<<<<<<8', 'DE<BRUIJN<<WILLEKE<LISELOTTE<<']))).toEqual([]);
    expect(fieldsWithTextAfterPadding(reading(['I<UTOD23145890<7349<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<']))).toEqual([]);
    expect(fieldsWithTextAfterPadding(reading(['P<ESTMAENNIK<<MARI<LIIS<<<<<<<<<<<<<<<<<<<<<<', 'KB00000003EST7501229F120522647501220010<<<02']))).toEqual([]);
  });
});
