import { findAddressBlock, isPostcodeLine, personName } from './address-block';
import { textBlocks } from './text-blocks';
import { type OcrLine } from '../ocr/types';

describe('findAddressBlock', () => {
  it('reads a German block with the form of address on the name line', () => {
    expect(findAddressBlock([['Herrn Jürgen Müller', 'Hauptstraße 5a', '10115 Berlin']])).toEqual({
      name: 'Jürgen Müller',
      lines: ['Hauptstraße 5a', '10115 Berlin'],
    });
  });

  it('reads UK (city above the postcode, a flat line) and US blocks', () => {
    expect(findAddressBlock([['Mrs Emily Clarke', 'Flat 3', '221B Baker Street', 'London', 'NW1 6XE']])).toEqual({
      name: 'Emily Clarke',
      lines: ['Flat 3', '221B Baker Street', 'London', 'NW1 6XE'],
    });
    expect(findAddressBlock([['John Smith', '1234 Main Street', 'Springfield, IL 62704']])).toEqual({
      name: 'John Smith',
      lines: ['1234 Main Street', 'Springfield, IL 62704'],
    });
  });

  it('reads a Ukrainian block', () => {
    expect(findAddressBlock([['Олена Шевченко', 'вул. Хрещатик, 22', '01001 Київ']])?.name).toBe('Олена Шевченко');
  });

  it("prefers the addressee's block (form of address) over the sender's block above it", () => {
    const blocks = [
      ['Stadtwerke Musterstadt GmbH', 'Energiestraße 10', '12345 Musterstadt'],
      ['Frau Anna Lena Schröder', 'Lindenweg 12', '80331 München'],
    ];
    expect(findAddressBlock(blocks)?.name).toBe('Anna Lena Schröder');
    expect(findAddressBlock([blocks[0]])).toBeNull();
  });

  it("never takes the sender's block, whose street or name recurs in the sender line or letterhead, for the addressee", () => {
    expect(findAddressBlock([['Northbank plc'], ['Northbank ple', '5 Lombard Street', 'London EC3V 9AA']])).toBeNull();
    const sender = ['Northbank plc', '5 Lombard Street', 'London EC3V 9AA'];
    const footer = ['Northbank plc · 5 Lombard Street · London EC3V 9AA'];
    expect(findAddressBlock([sender, footer])).toBeNull();
    expect(findAddressBlock([sender, ['Emily Clarke', '14 Kingsway Road', 'Manchester M1 2AB'], footer])?.name).toBe('Emily Clarke');
  });

  it('finds none without a postcode line or a street line', () => {
    expect(findAddressBlock([['Max Mustermann', 'Berlin']])).toBeNull();
    expect(findAddressBlock([['Max Mustermann', '10115 Berlin']])).toBeNull();
  });

  it('tells postcode lines and person names', () => {
    expect(['10115 Berlin', 'D-10115 Berlin', 'London SW1A 1AA', '1010 Wien', 'Київ, 01001'].every(isPostcodeLine)).toBe(true);
    expect(isPostcodeLine('Hauptstraße 5')).toBe(false);
    expect(personName('Mr. John Smith')).toBe('John Smith');
    expect(personName('Kundennummer 12345')).toBeNull();
    expect(personName('Stadtwerke Berlin GmbH')).toBeNull();
  });
});

function line(words: [string, number, number][]): OcrLine {
  const ws = words.map(([text, x, y]) => ({
    text,
    confidence: 0.9,
    box: { x, y, width: text.length * 10, height: 20 },
    region: { cx: x + text.length * 5, cy: y + 10, length: text.length * 10, thickness: 20, angle: 0 },
  }));
  return { text: words.map((w) => w[0]).join(' '), confidence: 0.9, box: ws[0].box, words: ws };
}

describe('textBlocks', () => {
  it('cuts rows at wide gaps and regroups the pieces by column', () => {
    const lines = [
      line([
        ['Herrn Max Mustermann', 100, 300],
        ['Datum: 12.03.2026', 800, 300],
      ]),
      line([
        ['Musterweg 1', 100, 325],
        ['Kundennr. 4711', 800, 325],
      ]),
      line([['12345 Musterstadt', 100, 350]]),
    ];
    expect(textBlocks(lines)).toEqual([
      ['Herrn Max Mustermann', 'Musterweg 1', '12345 Musterstadt'],
      ['Datum: 12.03.2026', 'Kundennr. 4711'],
    ]);
  });

  it('splits plain strings at blank lines', () => {
    expect(textBlocks(['a', 'b', '', 'c'])).toEqual([['a', 'b'], ['c']]);
  });
});
