import { readMrz } from './read-mrz';
import { fieldsWithTextAfterPadding, nameFieldsWithFillerMisreads } from './stray-after-padding';

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
    expect(
      fieldsWithTextAfterPadding(
        reading(['IDGBRKG605Z87H8<<<<<<<<<<<<<<<', '7103210M2906302GBR<<<<<<<<<<<8', 'WALKER<<OLIVER<K<<<<<<<<<<<<<<']),
      ),
    ).toEqual([]);
    expect(
      fieldsWithTextAfterPadding(
        reading(['I<NLDSPECI20142999999990<<<<<8', '6503101F2403096NLD<<<<<<<<<<<8', 'DE<BRUIJN<<WILLEKE<LISELOTTE<<']),
      ),
    ).toEqual([]);
    expect(
      fieldsWithTextAfterPadding(
        reading(['I<UTOD23145890<7349<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<']),
      ),
    ).toEqual([]);
    expect(
      fieldsWithTextAfterPadding(
        reading(['P<ESTMAENNIK<<MARI<LIIS<<<<<<<<<<<<<<<<<<<<<<', 'KB00000003EST7501229F120522647501220010<<<02']),
      ),
    ).toEqual([]);
  });
});

describe('nameFieldsWithFillerMisreads', () => {
  it("finds the name lines a noisy photo filled with K's and C's, valid as every check digit is", () => {
    // Seed 7 docs 85 and 101 (blur σ 2.65–2.83, noise σ 14–22): K is worth 20, so K's for fillers pass every check.
    const fillersAsK = reading(['PKFRAMOREAUKKHELENEKKKKKKCKKKCKKKKKKK<<<<<<<', 'TF0KT482Y5FRA6805207F3106084<KKK<<<<<<<<K<08']);
    expect(fillersAsK.valid).toBe(true);
    expect(nameFieldsWithFillerMisreads(fillersAsK)).toEqual(['names']);
    const fillersAsC = reading(['P<AUTHAGNER<CTHERESA<CCC<<<C<<C<C<<<<<<<<<<<', 'KPX7TC18Z2AUT6904085F3509021K<<<<<<<<<<<<<00']);
    expect(fillersAsC.valid).toBe(true);
    expect(nameFieldsWithFillerMisreads(fillersAsC)).toEqual(['names']);
  });

  it('leaves names with a double K or a CK alone, and looks only at name fields', () => {
    expect(
      nameFieldsWithFillerMisreads(
        reading(['P<FINHAKKINEN<<PEKKA<NICK<<<<<<<<<<<<<<<<<<<', 'TF0KT482Y5FIN6805207M3106084<<<<<<<<<<<<<<08']),
      ),
    ).toEqual([]);
    expect(
      nameFieldsWithFillerMisreads(
        reading(['IDGBRKG605Z87H8<<<<KKK<<<<<<<<<', '7103210M2906302GBR<<<<<<<<<<<8', 'WALKER<<OLIVER<THOMAS<<<<<<<<<']),
      ),
    ).toEqual([]);
  });
});
