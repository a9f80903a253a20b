import { compareHolderName, holderNameMatches } from './name-match';
import { nameSpellings } from './transliterate';

describe('holderNameMatches', () => {
  it('matches umlauts against the MRZ spelling and against the marks dropped', () => {
    expect(holderNameMatches('Jürgen Müller', { firstName: 'JUERGEN', lastName: 'MUELLER' })).toBe(true);
    expect(holderNameMatches('Jürgen Müller', { firstName: 'JURGEN', lastName: 'MULLER' })).toBe(true);
    expect(holderNameMatches('Juergen Mueller', { firstName: 'Jürgen', lastName: 'Müller' })).toBe(true);
    expect(holderNameMatches('Jurgen Muller', { firstName: 'JUERGEN', lastName: 'MUELLER' })).toBe(true);
    expect(holderNameMatches('Käthe Weiß', { firstName: 'KAETHE', lastName: 'WEISS' })).toBe(true);
    expect(holderNameMatches('Søren Ågård', { firstName: 'SOEREN', lastName: 'AAGAARD' })).toBe(true);
  });

  it('ignores order, case, titles and missing middle names', () => {
    expect(holderNameMatches('SMITH JOHN', { firstName: 'John', lastName: 'Smith' })).toBe(true);
    expect(holderNameMatches('Mr John Smith', { firstName: 'JOHN PETER', lastName: 'SMITH' })).toBe(true);
    expect(holderNameMatches('Dr. Anna Lena Schröder', { firstName: 'ANNA', lastName: 'SCHROEDER' })).toBe(true);
    expect(holderNameMatches('J. Smith', { firstName: 'John', lastName: 'Smith' })).toBe(true);
  });

  it('tolerates one OCR edit in words of five letters or more, not in shorter ones', () => {
    expect(holderNameMatches('Stefan Hoffrnann', { firstName: 'STEFAN', lastName: 'HOFFMANN' })).toBe(false);
    expect(holderNameMatches('Stefan Hofmann', { firstName: 'STEFAN', lastName: 'HOFFMANN' })).toBe(true);
    expect(holderNameMatches('Sophie GroB', { firstName: 'SOPHIE', lastName: 'GROSS' })).toBe(true);
    expect(holderNameMatches('Felix Beckor', { firstName: 'FELIX', lastName: 'BECKER' })).toBe(true);
    expect(holderNameMatches('Max Kohl', { firstName: 'MAX', lastName: 'KUHL' })).toBe(false);
  });

  it('requires the surname and a given name', () => {
    expect(holderNameMatches('Anna Müller', { firstName: 'JUERGEN', lastName: 'MUELLER' })).toBe(false);
    expect(holderNameMatches('Jürgen Schmidt', { firstName: 'JUERGEN', lastName: 'MUELLER' })).toBe(false);
    expect(holderNameMatches('Müller', { firstName: 'JUERGEN', lastName: 'MUELLER' })).toBe(false);
    expect(holderNameMatches('Jürgen Müller Karl Heinz', { firstName: 'JUERGEN', lastName: 'MUELLER' })).toBe(false);
  });

  it('tells a surname-only match (a relative, a garbled given name) from a mismatch', () => {
    expect(compareHolderName('Mess Inhs Morenau', { firstName: 'INES', lastName: 'MOREAU' })).toBe('surname_only');
    expect(compareHolderName('Anna Müller', { firstName: 'JUERGEN', lastName: 'MUELLER' })).toBe('surname_only');
    expect(compareHolderName('Northbank plc', { firstName: 'ETIENNE', lastName: 'ROUSSEAU' })).toBe('mismatch');
    expect(compareHolderName('Jürgen Müller', { firstName: 'JUERGEN', lastName: 'MUELLER' })).toBe('match');
  });

  it('transliterates a Cyrillic identity name per ICAO 9303 (Russian and Ukrainian readings)', () => {
    expect(holderNameMatches('Olena Shevchenko', { firstName: 'Олена', lastName: 'Шевченко' })).toBe(true);
    expect(holderNameMatches('Olha Hnatiuk', { firstName: 'Ольга', lastName: 'Гнатюк' })).toBe(true);
    expect(holderNameMatches('Oleksandr Zhytomyrskyi', { firstName: 'Олександр', lastName: 'Житомирський' })).toBe(true);
    expect(nameSpellings('Щука')).toContain('SHCHUKA');
  });

  it('works from a full name alone', () => {
    expect(holderNameMatches('Emily Clarke', { fullName: 'CLARKE EMILY ROSE' })).toBe(true);
    expect(holderNameMatches('Emily Jones', { fullName: 'CLARKE EMILY ROSE' })).toBe(false);
  });
});
