import { type MrzReading } from '../mrz/types';
import { readMrz } from '../mrz/read-mrz';
import { type VizReading } from '../viz/read-viz';
import { buildExtractedData, mrzNamesMayMissLetters, namesWithKsAsFillers } from './extracted-data';

function mrz(fields: MrzReading['fields'], lines: string[] = [], rawLines: string[] = lines): MrzReading {
  return { format: 'TD3', lines, rawLines, valid: true, fields, checkDigits: [], repairs: [], anomalies: [] };
}

const viz: VizReading = { raw: {}, text: '', nationality: 'FRA', placeOfBirth: 'NANTES', issueDate: '2019-05-14' };

describe('buildExtractedData', () => {
  it('takes the MRZ nationality UTO (the ICAO specimen state) as printed, but no other invalid code', () => {
    expect(buildExtractedData(mrz({ nationality: { value: 'UTO', valid: false } }), viz).nationality).toBe('UTO');
    expect(buildExtractedData(mrz({ nationality: { value: 'FRK', valid: false } }), viz).nationality).toBe('FRA');
    expect(buildExtractedData(mrz({ nationality: { value: 'FRK', valid: false } }), { raw: {}, text: '' }).nationality).toBeUndefined();
  });

  it('fills the spec fields the MRZ lacks from the visual zone and builds fullName from both names', () => {
    const data = buildExtractedData(
      mrz({
        surname: { value: 'DUPONT', valid: true },
        givenNames: { value: 'HELENE', valid: true },
        nationality: { value: 'D', valid: true },
      }),
      viz,
    );
    expect(data).toMatchObject({ fullName: 'HELENE DUPONT', nationality: 'DEU', placeOfBirth: 'NANTES', issueDate: '2019-05-14' });
  });

  it('takes the printed name when the MRZ name line came in short and the MRZ name lost letters of it', () => {
    const line1 = 'P<UTOOKAFOR<<UKI<<<<<<<<<<<<<<<<<<<<<<<<<<<<';
    const read = (raw: string, printed: string) =>
      buildExtractedData(
        mrz(
          {
            surname: { value: 'OKAFOR', valid: true },
            givenNames: { value: 'UKI', valid: true },
          },
          [line1, 'J9NF5ZLFV1UTO7608254F3509249<<<<<<<<<<<<<<00'],
          [raw, 'J9NF5ZLFV1UTO7608254F3509249<<<<<<<<<<<<<<00'],
        ),
        { raw: {}, text: '', surname: 'Okafor', givenNames: printed },
      );
    expect(read(line1.slice(0, 43), 'Yuki')).toMatchObject({ firstName: 'YUKI', lastName: 'OKAFOR', fullName: 'YUKI OKAFOR' });
    expect(read(line1, 'Yuki').firstName).toBe('UKI'); // the line came complete: the MRZ stands
    expect(read(line1.slice(0, 43), 'Yuko').firstName).toBe('UKI'); // not the MRZ name plus letters
    expect(read(line1.slice(0, 43), 'Yukihiro').firstName).toBe('UKI'); // more than three letters apart
    const line2 = 'J9NF5ZLFV1UTO7608254F3509249<<<<<<<<<<<<<<00';
    expect(mrzNamesMayMissLetters(mrz({}, [line1, line2], [line1.slice(0, 43), line2]))).toBe(true);
    expect(mrzNamesMayMissLetters(mrz({}, [line1, line2], [line1, line2.slice(0, 43)]))).toBe(false); // not the names' line
  });
});

describe('buildExtractedData beside a name line of filler misreads', () => {
  const lines = ['PKFRAMOREAUKKHELENEKKKKKKCKKKCKKKKKKK<<<<<<<', 'TF0KT482Y5FRA6805207F3106084<KKK<<<<<<<<K<08'];
  const noisy = (): MrzReading => {
    const read = readMrz(lines, { now: new Date('2026-01-01T00:00:00Z') });
    if (!read.ok) throw new Error(read.detail);
    return read.reading;
  };

  it('takes no name from it, the printed names where the visual zone gave them, and the checked fields still', () => {
    expect(noisy().valid).toBe(true);
    const alone = buildExtractedData(noisy(), { raw: {}, text: '' });
    expect(alone).toMatchObject({ documentNumber: 'TF0KT482Y', dateOfBirth: '1968-05-20', sex: 'F' });
    expect(alone.lastName).toBeUndefined();
    expect(alone.firstName).toBeUndefined();
    expect(alone.fullName).toBeUndefined();
    expect(buildExtractedData(noisy(), { raw: {}, text: '', surname: 'Moreau', givenNames: 'Hélène' })).toMatchObject({
      lastName: 'MOREAU',
      firstName: 'HÉLÈNE',
    });
  });
});

describe('namesWithKsAsFillers', () => {
  const passport = (line1: string) =>
    mrz(
      {
        surname: { value: 'BERENGERK HELENEK', valid: true },
        givenNames: { value: '', valid: true },
      },
      [line1, '69YY0FCC28FRA8103099F3505229<<<<<<<<<<<<<<00'],
    );
  const printed = (surname: string, givenNames: string): VizReading => ({ raw: {}, text: '', surname, givenNames });

  it("reads the K's the printed names show as fillers ('BERENGERK<HELENEK' beside 'Bérénger', 'Hélène')", () => {
    const read = passport('P<FRABERENGERK<HELENEK<<<<<<<<<<<<<<<<<<<<<<');
    expect(namesWithKsAsFillers(read, printed('Bérénger', 'Hélène'))).toEqual({ surname: 'BERENGER', givenNames: 'HELENE' });
    expect(buildExtractedData(read, printed('Bérénger', 'Hélène'))).toMatchObject({
      lastName: 'BERENGER',
      firstName: 'HELENE',
      fullName: 'HELENE BERENGER',
    });
  });

  it('keeps the MRZ names when the printed ones differ otherwise, keep the K, or are missing', () => {
    expect(namesWithKsAsFillers(passport('P<FRABERENGERK<HELENEK<<<<<<<<<<<<<<<<<<<<<<'), printed('Berenger', 'Helena'))).toBeNull();
    const nowak = mrz({ surname: { value: 'NOWAK', valid: true }, givenNames: { value: 'ANNA', valid: true } }, [
      'P<POLNOWAK<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<<<<',
      '',
    ]);
    expect(namesWithKsAsFillers(nowak, printed('Nowak', 'Anna'))).toBeNull();
    expect(buildExtractedData(nowak, printed('Nowa', 'Anna')).lastName).toBe('NOWAK');
    expect(
      namesWithKsAsFillers(passport('P<FRABERENGERK<HELENEK<<<<<<<<<<<<<<<<<<<<<<'), { raw: {}, text: '', surname: 'Bérénger' }),
    ).toBeNull();
  });
});

describe('buildExtractedData beside a failing check digit', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const read = (lines: string[]): MrzReading => {
    const result = readMrz(lines, { now });
    if (!result.ok) throw new Error('not an MRZ');
    return result.reading;
  };
  // Document number check digit printed 5 where 0 is right (eval seed 2026 doc 91, a wrong_check_digit fault).
  const names = 'P<FRABERENGER<<CHLOE<<<<<<<<<<<<<<<<<<<<<<<<';
  const failingNumber = 'WNG41RK695FRA5510263F3312234<<<<<<<<<<<<<<08';
  const noViz: VizReading = { raw: {}, text: '' };

  it('gives the number as printed when the reading is firm and the visual zone has none, the VIZ number first', () => {
    const mrz = read([names, failingNumber]);
    expect(mrz.checkDigits.find((c) => c.name === 'documentNumber')?.valid).toBe(false);
    expect(buildExtractedData(mrz, noViz).documentNumber).toBe('WNG41RK69');
    expect(buildExtractedData(mrz, { ...noViz, documentNumber: 'WNG41RK69X' }).documentNumber).toBe('WNG41RK69X');
  });

  it('gives no number from a line read at the wrong length, and never an expiry date whose check fails', () => {
    expect(buildExtractedData(read([names, failingNumber.slice(0, 43)]), noViz).documentNumber).toBeUndefined();
    // Expiry check digit printed 5 where 4 is right.
    const failingExpiry = read([names, 'WNG41RK690FRA5510263F3312235<<<<<<<<<<<<<<08']);
    expect(failingExpiry.checkDigits.find((c) => c.name === 'expiryDate')?.valid).toBe(false);
    expect(buildExtractedData(failingExpiry, noViz).expiryDate).toBeUndefined();
    expect(buildExtractedData(failingExpiry, noViz).documentNumber).toBe('WNG41RK69');
  });
});
