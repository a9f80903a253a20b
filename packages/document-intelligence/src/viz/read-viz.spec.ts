import { type OcrLine } from '../ocr/types';
import { readViz } from './read-viz';
import { parseVizDate } from './viz-values';

function lines(...texts: string[]): OcrLine[] {
  return texts.map((text, i) => ({ text, confidence: 0.95, box: { x: 0, y: i * 20, width: 200, height: 16 }, words: [] }));
}

describe('readViz', () => {
  it('reads the French ID visual zone as OCR returned it for mrz-dev id1.jpg', () => {
    const v = readViz(lines(
      'REPUBLIQUE FRANCAISE',
      'CARTE NATIONALE DIDENTITE N: 940992310285 Nationalite Francaise',
      'BC Nom: BERTHIER',
      'Prenom(s): CORINNE',
      'Sexe:F Nee） le:06.121965',
      'a:PARIS 1ER（75)',
    ));
    expect(v).toMatchObject({ surname: 'BERTHIER', givenNames: 'CORINNE', sex: 'F', birthDate: '1965-12-06', nationality: 'FRA', documentNumber: '940992310285' });
    expect(v.placeOfBirth).toContain('PARIS');
  });

  it('reads an English/French passport layout with values under their labels', () => {
    const v = readViz(lines(
      'Surname/Nom', 'ERIKSSON',
      'Given names/Prénoms', 'ANNA MARIA',
      'Nationality/Nationalité', 'UTOPIAN UTO',
      'Date of birth/Date de naissance', '12 AUG/AOÛT 74',
      'Sex/Sexe', 'F',
      'Place of birth/Lieu de naissance', 'ZENITH',
      'Date of issue/Date de délivrance', '16 APR/AVR 07',
      'Date of expiry/Date d\'expiration', '15 APR/AVR 12',
      'Passport No./N° du passeport', 'L898902C3',
    ));
    expect(v).toMatchObject({
      surname: 'ERIKSSON', givenNames: 'ANNA MARIA', nationality: 'UTO', birthDate: '1974-08-12', sex: 'F',
      placeOfBirth: 'ZENITH', issueDate: '2007-04-16', expiryDate: '2012-04-15',
    });
  });

  it('reads a German ID card layout', () => {
    const v = readViz(lines(
      'Name/Surname/Nom', 'MUSTERMANN', 'Vornamen/Given names/Prénoms', 'ERIKA',
      'Geburtsdatum/Date of birth/Date de naissance 12.08.1983', 'Geburtsort/Place of birth/Lieu de naissance BERLIN',
      'Staatsangehörigkeit/Nationality/Nationalité DEUTSCH', 'Gültig bis/Date of expiry/Date d\'expiration 01.08.2031',
    ));
    expect(v).toMatchObject({ surname: 'MUSTERMANN', givenNames: 'ERIKA', birthDate: '1983-08-12', placeOfBirth: 'BERLIN', nationality: 'DEU', expiryDate: '2031-08-01' });
  });

  it('returns no fields for text without labels', () => {
    const v = readViz(lines('lorem ipsum', '12345'));
    expect(v.surname).toBeUndefined();
    expect(v.birthDate).toBeUndefined();
  });
});

describe('parseVizDate', () => {
  it('understands the usual printed forms and rejects impossible dates', () => {
    expect(parseVizDate('06.12.1965')).toBe('1965-12-06');
    expect(parseVizDate('1965-12-06')).toBe('1965-12-06');
    expect(parseVizDate('06 DEZ/DEC 1965')).toBe('1965-12-06');
    expect(parseVizDate('31.02.2001')).toBeNull();
  });
});
