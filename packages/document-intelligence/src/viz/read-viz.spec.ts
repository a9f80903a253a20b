import { type OcrLine } from '../ocr/types';
import { captionFieldsOf, readViz } from './read-viz';
import { fuzzyLabelField, looksLikeCaption } from './viz-labels';
import { parseVizDate, parseVizNationality } from './viz-values';

function lines(...texts: string[]): OcrLine[] {
  return texts.map((text, i) => ({ text, confidence: 0.95, box: { x: 0, y: i * 20, width: 200, height: 16 }, words: [] }));
}

/** An OCR line of positioned words: [text, left edge] pairs, one row at `y`, words as tall as `height`. */
function placed(y: number, height: number, ...words: [string, number][]): OcrLine {
  return {
    text: words.map(([t]) => t).join(' '),
    confidence: 0.95,
    box: { x: words[0][1], y, width: 800, height },
    words: words.map(([text, x]) => ({
      text,
      confidence: 0.95,
      box: { x, y, width: text.length * height * 0.6, height },
      region: { cx: x, cy: y, length: 1, thickness: 1, angle: 0 },
    })),
  };
}

describe('readViz', () => {
  it('splits a value line among captions by the columns they start, when some caption went unread', () => {
    // Three captions printed over three values; the first caption came out garbled, so two date captions were read
    // over three words: each date goes to the caption above it, not the whole line to both.
    const v = readViz([
      placed(
        0,
        12,
        ['PLAGE', 40],
        ['DF', 90],
        ['BIRFH', 110],
        ['DATE', 330],
        ['OF', 370],
        ['ISSUE', 395],
        ['DATE', 620],
        ['OF', 660],
        ['EXPIRY', 685],
      ),
      placed(20, 22, ['LIEGE', 40], ['14/09/2018', 330], ['13/09/2028', 620]),
    ]);
    expect(v).toMatchObject({ issueDate: '2018-09-14', expiryDate: '2028-09-13' });
    // Two captions over a value with a space in it: the words under the first caption stay together.
    const names = readViz([
      placed(0, 12, ['Given', 40], ['names', 90], ['Nationality', 400]),
      placed(20, 22, ['ANNA', 40], ['LENA', 120], ['DEU', 400]),
    ]);
    expect(names).toMatchObject({ givenNames: 'ANNA LENA', nationality: 'DEU' });
  });

  it('leaves out of a value the words that end before its caption starts (lettering in the portrait beside it)', () => {
    // 'CON' on the backdrop of the printed photo, on the surname's row left of the caption's column.
    const v = readViz([
      placed(0, 10, ['Nom/Name', 364]),
      placed(14, 22, ['CON', 276], ['JANSSENS', 361]),
      placed(50, 10, ['Prenoms', 364]),
    ]);
    expect(v.surname).toBe('JANSSENS');
    // A value starting a little left of its caption (a tilted photo) keeps its first word.
    const tilted = readViz([placed(0, 10, ['Surname', 100]), placed(14, 22, ['VAN', 95], ['DAMME', 150])]);
    expect(tilted.surname).toBe('VAN DAMME');
  });

  it('gives two date captions over a value line read as one word its dates in their order', () => {
    const v = readViz(lines('DATE OF ISSUE / DATE DE DELIVRANCE   DATE OF EXPIRY', 'NANTES 06/12/2018 05/12/2028'));
    expect(v).toMatchObject({ issueDate: '2018-12-06', expiryDate: '2028-12-05' });
    // Dates printed with month names are told apart the same way.
    expect(readViz(lines('Date of issue  Date of expiry', '06 DEC 2018 05 DEC 2028'))).toMatchObject({
      issueDate: '2018-12-06',
      expiryDate: '2028-12-05',
    });
  });

  it('takes nothing beside a capital caption as its value when the line under it is printed in larger value type', () => {
    const caption = (y: number): OcrLine => placed(y, 12, ['LIEU', 40], ['DE', 80], ['NAISSANCE', 105], ['PLA', 230]);
    expect(readViz([caption(0), placed(20, 22, ['NAMUR', 40])])).toMatchObject({ placeOfBirth: 'NAMUR' });
    // Value type as small as the caption's (an inline "Caption VALUE" layout): the text beside it stays the value.
    expect(readViz([caption(0), placed(20, 12, ['NAMUR', 40])]).raw.placeOfBirth).toBe('PLA');
  });

  it('reads the French ID visual zone as OCR returned it for mrz-dev id1.jpg', () => {
    const v = readViz(
      lines(
        'REPUBLIQUE FRANCAISE',
        'CARTE NATIONALE DIDENTITE N: 940992310285 Nationalite Francaise',
        'BC Nom: BERTHIER',
        'Prenom(s): CORINNE',
        'Sexe:F Nee） le:06.121965',
        'a:PARIS 1ER（75)',
      ),
    );
    expect(v).toMatchObject({
      surname: 'BERTHIER',
      givenNames: 'CORINNE',
      sex: 'F',
      birthDate: '1965-12-06',
      nationality: 'FRA',
      documentNumber: '940992310285',
    });
    expect(v.placeOfBirth).toContain('PARIS');
  });

  it('takes the value line under a caption over misread caption words beside it', () => {
    const v = readViz(
      lines('Name/Sumame', 'POLZL', 'Vormamen/Givenn nan mes', 'FLORIAN', 'Geschlecht/Sex x  Geburtsort/Place of birth', 'M SALZBURG'),
    );
    expect(v).toMatchObject({ surname: 'POLZL', givenNames: 'FLORIAN', sex: 'M', placeOfBirth: 'SALZBURG' });
    const glued = readViz(lines('Sexplace of birth', 'F CORK', 'Date of issue', '25 SEP 2025'));
    expect(glued).toMatchObject({ sex: 'F', placeOfBirth: 'CORK', issueDate: '2025-09-25' });
    // A glued caption's value stays a value, and captions glued three in a row are each found.
    expect(captionFieldsOf('Sexplace of birth CORK')).toEqual(['sex', 'placeOfBirth']);
    expect(captionFieldsOf('Nom Prenomsexe F')).toEqual(['surname', 'givenNames', 'sex']);
    // Two captions of one field glued, the second one's spaces lost (a blurred German card back).
    expect(readViz(lines('geburtsortplaceof birth', 'WIEN', 'Ausstellungsdatum/Date of issue', '04.07.2022'))).toMatchObject({
      placeOfBirth: 'WIEN',
      issueDate: '2022-07-04',
    });
    // The glued neighbour misread too ("Date of expiry/Date d'expiration" read as one word pair).
    expect(readViz(lines('Date of birth/Date de naissance', '28JUL1981', 'Date of expirydatn dexpiration', '18NOV2023'))).toMatchObject({
      birthDate: '1981-07-28',
      expiryDate: '2023-11-18',
    });
    // A name glued to its caption is no misread label: the value is still read beside the caption.
    expect(readViz(lines('NomDUPONT', 'Prenoms LOUIS'))).toMatchObject({ givenNames: 'LOUIS' });
    const inline = readViz(lines('Surname: ERIKSSON', 'Given names: ANNA', 'Sex: F', 'P<UTOERIKSSON<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<'));
    expect(inline).toMatchObject({ surname: 'ERIKSSON', givenNames: 'ANNA', sex: 'F' });
  });

  it('reads an English/French passport layout with values under their labels', () => {
    const v = readViz(
      lines(
        'Surname/Nom',
        'ERIKSSON',
        'Given names/Prénoms',
        'ANNA MARIA',
        'Nationality/Nationalité',
        'UTOPIAN UTO',
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
        'Passport No./N° du passeport',
        'L898902C3',
      ),
    );
    expect(v).toMatchObject({
      surname: 'ERIKSSON',
      givenNames: 'ANNA MARIA',
      nationality: 'UTO',
      birthDate: '1974-08-12',
      sex: 'F',
      placeOfBirth: 'ZENITH',
      issueDate: '2007-04-16',
      expiryDate: '2012-04-15',
    });
  });

  it('reads a German ID card layout', () => {
    const v = readViz(
      lines(
        'Name/Surname/Nom',
        'MUSTERMANN',
        'Vornamen/Given names/Prénoms',
        'ERIKA',
        'Geburtsdatum/Date of birth/Date de naissance 12.08.1983',
        'Geburtsort/Place of birth/Lieu de naissance BERLIN',
        'Staatsangehörigkeit/Nationality/Nationalité DEUTSCH',
        "Gültig bis/Date of expiry/Date d'expiration 01.08.2031",
      ),
    );
    expect(v).toMatchObject({
      surname: 'MUSTERMANN',
      givenNames: 'ERIKA',
      birthDate: '1983-08-12',
      placeOfBirth: 'BERLIN',
      nationality: 'DEU',
      expiryDate: '2031-08-01',
    });
  });

  // The next cases are OCR output of generated cards (eval:documents, seed 2026) that used to lose fields.
  it('splits a value line under two captions when sex shares it ("Sexe / Nationalité" over "M   BEL")', () => {
    expect(readViz(lines('Sexe / Nationalité', 'ME BEL'))).toMatchObject({ sex: 'M', nationality: 'BEL' });
    expect(readViz(lines('Geschlecht/ Staatsangehörigkeit', 'MAUT'))).toMatchObject({ sex: 'M', nationality: 'AUT' });
    expect(readViz(lines('Sex/Nationality', 'FGBR'))).toMatchObject({ sex: 'F', nationality: 'GBR' });
    expect(readViz(lines('Geschlecht/Staatsangehorigkeit', 'M MD'))).toMatchObject({ sex: 'M', nationality: 'DEU' });
    const passport = readViz(lines('Sex/Sexe      Place of birth/Lieu de naissance', 'M GLASGOW'));
    expect(passport).toMatchObject({ sex: 'M', placeOfBirth: 'GLASGOW' });
  });

  it('recognises captions the OCR misread, so they are not taken for values', () => {
    const v = readViz(
      lines('Name/Sumame', 'WAGNER', 'Vormamen/Given names', 'MATTHAUS', 'Sex / Nationalty', 'F FUTO', 'Dale of expiry', '16.03.2030'),
    );
    expect(v).toMatchObject({ surname: 'WAGNER', givenNames: 'MATTHAUS', sex: 'F', nationality: 'UTO', expiryDate: '2030-03-16' });
    expect(readViz(lines('Nom/Surmame', 'GIRARD')).surname).toBe('GIRARD');
    // a misread caption right after an exactly read one on the same piece of line
    expect(readViz(lines('Sex/Sexe placeof bith/Lieud', 'F LEEDS'))).toMatchObject({ sex: 'F', placeOfBirth: 'LEEDS' });
  });

  it('takes the line below when the text beside a caption is no value for it (a second, unknown caption)', () => {
    const v = readViz(lines('Document No./N du document', '18WP6MPZ6', "Dateof expiry/Dated'expiration", '10JUL2025'));
    expect(v).toMatchObject({ documentNumber: '18WP6MPZ6', expiryDate: '2025-07-10' });
  });

  it('takes the word that is a document number, joining words only when none is', () => {
    expect(readViz(lines('Type/Type  P      Document No./N° du passeport', 'P UTO XH1MPY8TJ')).documentNumber).toBe('XH1MPY8TJ');
    expect(readViz(lines('Document No.', 'X7RY PC524')).documentNumber).toBe('X7RYPC524');
  });

  it('returns no fields for text without labels', () => {
    const v = readViz(lines('lorem ipsum', '12345'));
    expect(v.surname).toBeUndefined();
    expect(v.birthDate).toBeUndefined();
  });
});

describe('readViz beside a caption', () => {
  it('takes a lone sex letter beside its caption, never a letter of the caption line read apart', () => {
    expect(readViz(lines('Sex: F')).sex).toBe('F');
    // Seed 2026 doc 259's front: the '/' of "Sex / Nationality" read f; the value line below is "MIRL" (M, IRL).
    expect(readViz(lines('Sex f natonalty', 'MIRL')).sex).toBeUndefined();
  });
});

describe('parseVizDate', () => {
  it('understands the usual printed forms and rejects impossible dates', () => {
    expect(parseVizDate('06.12.1965')).toBe('1965-12-06');
    expect(parseVizDate('1965-12-06')).toBe('1965-12-06');
    expect(parseVizDate('06 DEZ/DEC 1965')).toBe('1965-12-06');
    expect(parseVizDate('31.02.2001')).toBeNull();
  });

  it("reads the recogniser's full-width separators and digits as their ASCII forms (its dictionary is Chinese+Latin)", () => {
    expect(parseVizDate('30/09／2018')).toBe('2018-09-30');
    expect(parseVizDate('３０.09.2018')).toBe('2018-09-30');
  });

  it('reads past a stray digit glued before the day when both separators are printed (seed 2026 doc 87: 715.03.2018)', () => {
    expect(parseVizDate('715.03.2018')).toBe('2018-03-15');
    expect(parseVizDate('71503.2018')).toBeNull(); // a number, not a date with a stray glyph
  });
});

describe('fuzzyLabelField', () => {
  it('accepts one OCR slip in a caption (two in long ones) and never a name or place', () => {
    expect(fuzzyLabelField('sumame')).toBe('surname');
    expect(fuzzyLabelField('nationaite')).toBe('nationality');
    expect(fuzzyLabelField('guiltigbis')).toBe('expiryDate');
    expect(fuzzyLabelField('n du docun ment')).toBe('documentNumber');
    for (const value of [
      'wagner',
      'eriksson',
      'nakamura',
      'hoffmann',
      'janssens',
      'nantes',
      'glasgow',
      'northport',
      'magdalena',
      'nathalie',
      'naime',
    ]) {
      expect(fuzzyLabelField(value)).toBeNull();
    }
    expect(fuzzyLabelField('date o birth 12')).toBeNull(); // digits: value text, not a caption
  });

  it('also calls a caption cut short a caption, but no name or place', () => {
    expect(looksLikeCaption('lieud')).toBe(true);
    expect(looksLikeCaption('nationa')).toBe(true);
    for (const value of ['leeds', 'liege', 'nantes', 'dupont', 'dubois', 'lea', 'nakamura', 'geneve'])
      expect(looksLikeCaption(value)).toBe(false);
  });
});

describe('parseVizNationality', () => {
  it('prefers a code ICAO defines, strips one glued letter, and falls back to any three capitals', () => {
    expect(parseVizNationality('UTOPIAN UTO')).toBe('UTO');
    expect(parseVizNationality('E BEL')).toBe('BEL');
    expect(parseVizNationality('FUTO')).toBe('UTO');
    // The recogniser's small letters: a three-letter code ICAO defines still counts, a stray letter does not.
    expect(parseVizNationality('m fra')).toBe('FRA');
    expect(parseVizNationality('d')).toBeNull();
    expect(parseVizNationality('xqz')).toBeNull();
    expect(parseVizNationality('DEUTSCH')).toBe('DEU');
    expect(parseVizNationality('ABC')).toBe('ABC');
    expect(parseVizNationality('nationality')).toBeNull();
  });
});
