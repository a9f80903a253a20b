import { readProofOfAddressText } from './read-proof-of-address-text';

describe('readProofOfAddressText', () => {
  it('reads a German electricity bill', () => {
    const reading = readProofOfAddressText([
      'Stadtwerke Musterstadt GmbH · Energiestraße 10 · 12345 Musterstadt',
      '',
      'Herrn',
      'Jürgen Müller',
      'Hauptstraße 5a',
      '10115 Berlin',
      '',
      'Rechnungsdatum: 04.03.2026',
      'Kundennummer: 4711 0815',
      '',
      'Ihre Stromrechnung',
      'Abrechnungszeitraum 01.02.2026 - 28.02.2026',
      'Verbrauch 312 kWh',
      'Fällig am 18.03.2026',
    ]);
    expect(reading).toEqual({
      kind: 'utility_bill',
      holderName: 'Jürgen Müller',
      addressLines: ['Hauptstraße 5a', '10115 Berlin'],
      issueDate: '2026-03-04',
      textLineCount: 11,
    });
  });

  it('reads an English bank statement', () => {
    const reading = readProofOfAddressText([
      'Northbank plc',
      'Statement of account',
      '',
      'Mrs Emily Clarke',
      '14 Kingsway Road',
      'Manchester M1 2AB',
      '',
      'Statement date 2 February 2026',
      'Opening balance £1,204.10',
    ]);
    expect(reading).toMatchObject({
      kind: 'bank_statement',
      holderName: 'Emily Clarke',
      addressLines: ['14 Kingsway Road', 'Manchester M1 2AB'],
      issueDate: '2026-02-02',
    });
  });

  it('reads nothing from no text', () => {
    expect(readProofOfAddressText([])).toEqual({ kind: 'other', holderName: null, addressLines: [], issueDate: null, textLineCount: 0 });
  });
});
