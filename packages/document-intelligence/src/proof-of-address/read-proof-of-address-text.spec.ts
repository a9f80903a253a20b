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

  it('takes the issue date from a whole OCR row whose caption and value stand far apart', () => {
    const word = (text: string, x: number, y: number) => ({
      text,
      confidence: 0.9,
      box: { x, y, width: text.length * 12, height: 24 },
      region: { cx: x + text.length * 6, cy: y + 12, length: text.length * 12, thickness: 24, angle: 0 },
    });
    const row = (...words: ReturnType<typeof word>[]) => ({
      text: words.map((w) => w.text).join(' '),
      confidence: 0.9,
      box: words[0].box,
      words,
    });
    const reading = readProofOfAddressText([
      row(word('Sophie GroB', 120, 380), word('Datum:', 780, 380), word('2025-11-29', 1000, 380)),
      row(word('Schillerplatz 171c', 120, 414), word('Seite:', 780, 414), word('1/1', 1080, 414)),
      row(word('29096 Köln', 120, 448)),
      row(word('Zeitraum: 2025-10-31 - 2025-11-28', 120, 560)),
      row(word('2025-11-03', 120, 600), word('REWE Markt', 380, 600), word('473,67', 1000, 600)),
    ]);
    expect(reading).toMatchObject({
      holderName: 'Sophie GroB',
      addressLines: ['Schillerplatz 171c', '29096 Köln'],
      issueDate: '2025-11-29',
    });
  });

  it('reads nothing from no text', () => {
    expect(readProofOfAddressText([])).toEqual({ kind: 'other', holderName: null, addressLines: [], issueDate: null, textLineCount: 0 });
  });
});
