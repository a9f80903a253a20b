import { type OcrLine } from '../ocr/types';
import { readViz } from '../viz/read-viz';
import { fillUncaptionedValues } from './uncaptioned-values';

const NOW = new Date('2026-01-01T12:00:00Z');

/** Title lines start at the card's edge; the data stand in a column right of the portrait. */
const TITLE_X = 80;
const COLUMN_X = 330;

type Printed = string | { text: string; x?: number; confidence?: number };

/** OCR lines top to bottom, as the recogniser returns a card front: titles at the edge, values in the column. */
function card(titles: Printed[], values: Printed[]): OcrLine[] {
  const rows = [...titles.map((t) => ({ t, x: TITLE_X })), ...values.map((t) => ({ t, x: COLUMN_X }))];
  return rows.map(({ t, x }, i) => {
    const { text, x: at, confidence } = typeof t === 'string' ? { text: t, x: undefined, confidence: undefined } : t;
    return { text, confidence: confidence ?? 0.97, box: { x: at ?? x, y: 70 + i * 36, width: 16 * text.length, height: 26 }, words: [] };
  });
}

function read(lines: OcrLine[]) {
  return fillUncaptionedValues(readViz(lines), lines, NOW);
}

describe('fillUncaptionedValues', () => {
  it('reads a blurred German card front whose captions were all lost', () => {
    const v = read(
      card(
        ['BUNDESREPUBLIKDEUTSCHLAND', 'PERSONALAUSWEISIIDENTTTYCARD'],
        ['SCHRODER', 'ANNA LENA', '16.01.1972', 'F D', 'N0', 'VN5PLG8G5', 'Cug tisDale df epey', '29.06.2029'],
      ),
    );
    expect(v).toMatchObject({
      surname: 'SCHRODER',
      givenNames: 'ANNA LENA',
      birthDate: '1972-01-16',
      expiryDate: '2029-06-29',
      sex: 'F',
      nationality: 'DEU',
      documentNumber: 'VN5PLG8G5',
    });
    expect(v.issueDate).toBeUndefined();
    expect(v.raw).toMatchObject({ surname: 'SCHRODER', birthDate: '16.01.1972', documentNumber: 'VN5PLG8G5' });
  });

  it('reads the Austrian and French fronts: sex beside the code, a lone code below the birth date, title wording not recognised', () => {
    const austrian = read(
      card(
        ['REPUBLIKOSTERREICH', 'PERSONALAUSWEIS/IOENTITYCARD'],
        ['BAUER', 'MAGDALENA', '22.08.1957', 'F AUT', 'GC134H3GF', '10.04.2027'],
      ),
    );
    expect(austrian).toMatchObject({
      surname: 'BAUER',
      givenNames: 'MAGDALENA',
      birthDate: '1957-08-22',
      sex: 'F',
      nationality: 'AUT',
      documentNumber: 'GC134H3GF',
      expiryDate: '2027-04-10',
    });
    // "CARTEOTCENTETEICENTITYCARO" is no wording any more: the titles are told by standing outside the data column.
    const french = read(
      card(
        ['REPUBLIQUEFRANCAISE', 'CARTEOTCENTETEICENTITYCARO'],
        ['ROUSSEAU', 'MARIE CLAIRE', '17/03/1951', 'FRA', 'VTSTOJ91X', '07/04/2031'],
      ),
    );
    expect(french).toMatchObject({
      surname: 'ROUSSEAU',
      givenNames: 'MARIE CLAIRE',
      birthDate: '1951-03-17',
      nationality: 'FRA',
      expiryDate: '2031-04-07',
    });
    expect(french.sex).toBeUndefined();
    expect(read(card(['IRELAND', 'IDENTITY CARD'], ['MURPHY', 'SEAN', '07 JUL1957', 'MAUT', '26DEC2030']))).toMatchObject({
      sex: 'M',
      nationality: 'AUT',
    });
  });

  it('places birth, issue and expiry by their order in time', () => {
    const v = read(card(['UTOPIA', 'IDENTITY CARD'], ['OKAFOR', 'YUKI', '12.02.1965', '22.03.2018', 'F UTO', '7P0TP8NYW', '21.03.2028']));
    expect(v).toMatchObject({ birthDate: '1965-02-12', issueDate: '2018-03-22', expiryDate: '2028-03-21', nationality: 'UTO' });
    // None ahead: the later of two dates after the birth date is an expired document's expiry date.
    const expired = read(card(['UTOPIA', 'IDENTITY CARD'], ['OKAFOR', 'YUKI', '12.02.1965', '22.03.2012', '21.03.2022']));
    expect(expired).toMatchObject({ birthDate: '1965-02-12', issueDate: '2012-03-22', expiryDate: '2022-03-21' });
  });

  it('leaves a field empty when the evidence is ambiguous or the reading hesitant', () => {
    // Two number-like tokens, two dates ahead, three name-like lines, two sex letters that disagree.
    const v = read(
      card(
        ['UTOPIA', 'IDENTITY CARD'],
        ['OKAFOR', 'YUKI', 'TANAKA', '12.02.1965', 'F UTO', 'M', 'X7RY2PC52', 'L898902C3', '21.03.2028', '21.03.2031'],
      ),
    );
    expect(v).toMatchObject({ birthDate: '1965-02-12', nationality: 'UTO' });
    for (const field of ['surname', 'givenNames', 'documentNumber', 'expiryDate', 'issueDate', 'sex'] as const)
      expect(v[field]).toBeUndefined();
    // A number or a name line read with low confidence (blurred S/5, O/0) is not taken; names go as a pair.
    const hesitant = read(
      card(
        ['UTOPIA', 'IDENTITY CARD'],
        ['SMITH', { text: 'OLVIA', confidence: 0.87 }, '17 MAR 1983', { text: '9SWS7YOTS', confidence: 0.89 }, '14MAR2027'],
      ),
    );
    expect(hesitant).toMatchObject({ birthDate: '1983-03-17', expiryDate: '2027-03-14' });
    expect(hesitant.surname).toBeUndefined();
    expect(hesitant.givenNames).toBeUndefined();
    expect(hesitant.documentNumber).toBeUndefined();
    // Three capitals above the birth date may be a short name (GUY is also Guyana's code): no nationality from there.
    const shortName = read(card(['UTOPIA', 'IDENTITY CARD'], ['MARTIN', 'PAUL', 'GUY', '12.02.1965']));
    expect(shortName.birthDate).toBe('1965-02-12');
    expect(shortName.nationality).toBeUndefined();
    expect(read(card(['UTOPIA', 'IDENTITY CARD'], ['MARTIN', 'PAUL', '12.02.1965', 'GUY'])).nationality).toBe('GUY');
  });

  it('takes no birth date from a date of the last 15 years, which may be an issue date (a back without its MRZ read)', () => {
    const v = read(card([], ['BRISTOL', '01 JUL2019', 'BRISTOL GBR']));
    expect(v.birthDate).toBeUndefined();
    expect(v.surname).toBeUndefined();
    expect(v.issueDate).toBeUndefined();
    expect(v.expiryDate).toBeUndefined();
  });

  it('never overwrites what the caption pass read, and uses it as an anchor', () => {
    const lines = card(
      ['REPUBLIK OSTERREICH', 'PERSONALAUSWEIS/IDENTITY CARD'],
      ['POLZL', 'MATTHAUS', 'Geburtsdatum', '13.04.1978', 'MAUT', 'ZVR8J7L74', '05.04.2030'],
    );
    const captioned = readViz(lines);
    expect(captioned.birthDate).toBe('1978-04-13');
    const v = fillUncaptionedValues(captioned, lines, NOW);
    expect(v).toMatchObject({
      surname: 'POLZL',
      givenNames: 'MATTHAUS',
      birthDate: '1978-04-13',
      expiryDate: '2030-04-05',
      sex: 'M',
      nationality: 'AUT',
      documentNumber: 'ZVR8J7L74',
    });
    expect(v.raw.birthDate).toBe('13.04.1978');

    // Given names the caption pass read on the line the order gives the surname: the order is not trusted for names.
    const names = card(['UTOPIA', 'IDENTITY CARD'], ['WALKER', 'OLIVER', '21 MAR 1971', '30 JUN2029']);
    const kept = fillUncaptionedValues({ ...readViz(names), givenNames: 'WALKER' }, names, NOW);
    expect(kept).toMatchObject({ givenNames: 'WALKER', birthDate: '1971-03-21', expiryDate: '2029-06-30' });
    expect(kept.surname).toBeUndefined();
    // Values given by the caption pass stay as they were, even where the shapes say otherwise.
    const shapes = card(['UTOPIA'], ['M UTO', 'X7RY2PC52', '21 MAR 1971']);
    const preset = { ...readViz(shapes), birthDate: '1970-01-01', sex: 'F' as const, documentNumber: 'AB1234567' };
    expect(fillUncaptionedValues(preset, shapes, NOW)).toMatchObject({
      birthDate: '1970-01-01',
      sex: 'F',
      documentNumber: 'AB1234567',
      nationality: 'UTO',
    });
  });

  it('on a side whose captions were read, keeps every captioned value and places no names by order', () => {
    const passport = card(
      ['UTOPIA', 'PASSPORT/PASSEPORT'],
      [
        'Type/Type  P      Passport No./N° du passeport',
        'P UTO L898902C3',
        'Surname/Nom',
        'ERIKSSON',
        'Given names/Prénoms',
        'ANNA MARIA',
        'Nationality/Nationalité',
        'UTOPIAN',
        'Date of birth/Date de naissance',
        '12 AUG/AOÛT 74',
        'Sex/Sexe',
        'F',
        'Place of birth/Lieu de naissance',
        'ZENITH',
        'Date of issue/Date de délivrance',
        '16 APR/AVR 07',
        "Date of expiry/Date d'expiration",
        '15 APR/AVR 12',
        'AUTHORITY',
        'XYZ',
        '01.01.2020',
        '01.01.2030',
      ],
    );
    const captioned = readViz(passport);
    expect(fillUncaptionedValues(captioned, passport, NOW)).toEqual(captioned);
  });

  it('on a card front that lost some captions, places the values that show what they are, and names only where ICAO order puts them', () => {
    // Blur took the captions of the surname, the sex and nationality, the number and the expiry date.
    const lines = card(
      ['REPUBLIQUE FRANCAISE', "CARTE D'IDENTITE / IDENTITY CARD"],
      [
        'ROUSSEAU',
        'Prénoms/Given names',
        'MARIE CLAIRE',
        'Date de naissance/Date of birth',
        '17/03/1951',
        'F FRA',
        'VTSTOJ91X',
        '07/04/2031',
      ],
    );
    const captioned = readViz(lines);
    expect(captioned).toMatchObject({ givenNames: 'MARIE CLAIRE', birthDate: '1951-03-17' });
    const v = fillUncaptionedValues(captioned, lines, NOW);
    expect(v).toMatchObject({
      givenNames: 'MARIE CLAIRE',
      birthDate: '1951-03-17',
      sex: 'F',
      nationality: 'FRA',
      documentNumber: 'VTSTOJ91X',
      expiryDate: '2031-04-07',
    });
    // The surname stands directly above the given names' caption, below the document's name.
    expect(v.surname).toBe('ROUSSEAU');
    // Beside legible captions an all-digit token (a card access number) is not taken for the document number.
    const withCan = card(
      ['BUNDESREPUBLIK DEUTSCHLAND', 'PERSONALAUSWEIS'],
      ['Name/Surname', 'MULLER', 'Geburtsdatum/Date of birth', '20.06.1999', '123456', '21.11.2032'],
    );
    expect(fillUncaptionedValues(readViz(withCan), withCan, NOW)).toMatchObject({
      surname: 'MULLER',
      birthDate: '1999-06-20',
      expiryDate: '2032-11-21',
    });
    expect(fillUncaptionedValues(readViz(withCan), withCan, NOW).documentNumber).toBeUndefined();
  });

  it('takes the name whose caption was garbled from where ICAO order puts it, and nowhere else', () => {
    const title = ['REPUBLIQUE FRANCAISE', 'CARTE DIDENTITETIDENTITY CARD'];
    const rest = ['Date de naissance/Date of birth', '25/10/1954', 'Sexe/Nationalite', 'M FRA'];
    // The surname's caption read "NomSunme": the line below it, above the given names' caption, is the surname.
    const surnameLost = card(title, ['NomSunme', 'DUPONT', 'Prendms/Given names', 'LOUIS', ...rest]);
    expect(read(surnameLost)).toMatchObject({ surname: 'DUPONT', givenNames: 'LOUIS' });
    // The given names' caption read "Vornan ervGiven": the line below it, above the next caption, is the given names.
    const givenLost = card(
      ['PERSONALAUSWEISIIDENTITYCARD'],
      ['Name/Surname', 'HUBER', 'Vornan ervGiven', 'TOBIAS', 'Geburtsdatum/Date of birth', '22.08.1996'],
    );
    expect(read(givenLost)).toMatchObject({ surname: 'HUBER', givenNames: 'TOBIAS' });
    // ... also above the birth date whose own caption was lost (seed 2026 doc 275's front, captions of two fields read).
    const birthCaptionLost = card(title, ['Nom/Sumama', 'LEFEVRE', 'PietanoGven m甲', 'ETIENNE', '01/07/2007', 'Sexe i nna', 'M FRA']);
    expect(read(birthCaptionLost)).toMatchObject({ surname: 'LEFEVRE', givenNames: 'ETIENNE', birthDate: '2007-07-01' });

    // Two value lines in a row (a name at birth, or a caption glued into the name: "ISIOBHAN" right below the
    // surname), a hesitant reading, or a value above the line: nothing is taken.
    const twoValues = card(title, ['NomSunme', 'DUPONT', 'GABLER', 'Prendms/Given names', 'LOUIS', ...rest]);
    expect(read(twoValues).surname).toBeUndefined();
    const glued = card(['IDENTITY CARD'], ['Sumame', 'MURPHY', 'ISIOBHAN', '21DEC2007', 'Date of expiry', '08JUN2027']);
    expect(read(glued)).toMatchObject({ surname: 'MURPHY' });
    expect(read(glued).givenNames).toBeUndefined();
    const hesitant = card(title, ['NomSunme', { text: 'DUPONT', confidence: 0.8 }, 'Prendms/Given names', 'LOUIS', ...rest]);
    expect(read(hesitant).surname).toBeUndefined();
    const afterDate = card(title, ['Nom', '01.01.2020', 'DUPONT', 'Prendms/Given names', 'LOUIS', ...rest]);
    expect(read(afterDate).surname).toBeUndefined();
  });
});
