import { checkDigit } from './check-digit';
import { composeTd1, composeTd3 } from './compose';
import { transliterateToMrz } from './transliterate';
import { validateMrz } from './validate';

describe('ICAO 9303 check digits and composition', () => {
  it('computes the 7-3-1 check digit of the ICAO specimen fields', () => {
    // ICAO 9303 part 4 appendix specimen: L898902C3, 740812, 120415.
    expect(checkDigit('L898902C3')).toBe('6');
    expect(checkDigit('740812')).toBe('2');
    expect(checkDigit('120415')).toBe('9');
    expect(checkDigit('ab')).toBeNull();
  });

  it('composes the ICAO TD3 specimen exactly', () => {
    const [line1, line2] = composeTd3({
      documentCode: 'P<',
      issuingState: 'UTO',
      nationality: 'UTO',
      surname: 'Eriksson',
      givenNames: 'Anna María',
      documentNumber: 'L898902C3',
      dateOfBirth: '1974-08-12',
      sex: 'F',
      dateOfExpiry: '2012-04-15',
      optionalData: 'ZE184226B',
    });
    expect(line1).toBe('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<');
    expect(line2).toBe('L898902C36UTO7408122F1204159ZE184226B<<<<<10');
  });

  it('composes the ICAO TD1 specimen exactly', () => {
    const lines = composeTd1({
      documentCode: 'I<',
      issuingState: 'UTO',
      nationality: 'UTO',
      surname: 'Eriksson',
      givenNames: 'Anna María',
      documentNumber: 'D23145890',
      dateOfBirth: '1974-08-12',
      sex: 'F',
      dateOfExpiry: '2012-04-15',
    });
    expect(lines[0]).toBe('I<UTOD231458907<<<<<<<<<<<<<<<');
    expect(lines[1]).toBe('7408122F1204159UTO<<<<<<<<<<<6');
    expect(lines[2]).toBe('ERIKSSON<<ANNA<MARIA<<<<<<<<<<');
    expect(validateMrz(lines).valid).toBe(true);
  });

  it('transliterates umlauts and accents the ICAO way', () => {
    expect(transliterateToMrz('Müller-Lüdenscheidt')).toBe('MUELLER<LUEDENSCHEIDT');
    expect(transliterateToMrz('Hélène')).toBe('HELENE');
  });
});

describe('validateMrz', () => {
  it('accepts the real Estonian passport and French ID lines of the dev set', () => {
    expect(validateMrz(['P<ESTMAENNIK<<MARI<LIIS<<<<<<<<<<<<<<<<<<<<<', 'KB00000003EST7501229F120522647501220010<<<02'])).toEqual({
      format: 'TD3',
      valid: true,
      failed: [],
    });
    expect(validateMrz(['IDFRABERTHIER<<<<<<<<<<<<<<<<<<<<<<<', '9409923102854CORINNE<<<<<<<6512068F4']).valid).toBe(true);
  });

  it('names the failing check digit and rejects a wrong shape', () => {
    const result = validateMrz(['P<ESTMAENNIK<<MARI<LIIS<<<<<<<<<<<<<<<<<<<<<', 'KB00000004EST7501229F120522647501220010<<<02']);
    expect(result.valid).toBe(false);
    expect(result.failed).toEqual(expect.arrayContaining(['documentNumber', 'composite']));
    expect(validateMrz(['IDAUT0000099993<<<', 'abc']).valid).toBe(false);
  });
});
