import { readMrz } from '../mrz/read-mrz';
import { type MrzReading } from '../mrz/types';
import { type OcrLine } from '../ocr/types';
import { readViz } from '../viz/read-viz';
import { completeVizFromMrz } from './viz-from-mrz-anchors';

const lines = (...texts: string[]): OcrLine[] =>
  texts.map((text, i) => ({ text, confidence: 0.9, box: { x: 0, y: i * 20, width: 300, height: 16 }, words: [] }));

const mrz = (valid = true): MrzReading => {
  const result = readMrz(['P<IRLMURPHY<<SIOBHAN<<<<<<<<<<<<<<<<<<<<<<<<', `FM5FL70CT6IRL9910126F3206272<<<<<<<<<<<<<<0${valid ? 4 : 5}`], {
    now: new Date('2026-01-01'),
  });
  if (!result.ok) throw new Error(result.detail);
  return result.reading;
};

describe(completeVizFromMrz.name, () => {
  // A blurred passport page: every caption lost, the values read.
  const page = lines(
    'IRELAND',
    'PASSPORT',
    'P IRL FM5FL70CT',
    'MURPHY',
    'SIOBHAN',
    'IRL',
    '12 OCT 1999',
    'F CORK',
    '28 JUN 2022',
    '27 JUN 2032',
  );

  it('finds the issue date and place of birth among uncaptioned values, anchored on a valid MRZ', () => {
    const completed = completeVizFromMrz(readViz(page), page, mrz());
    expect(completed).toMatchObject({ issueDate: '2022-06-28', placeOfBirth: 'CORK' });
  });

  it('guesses nothing without a valid MRZ, on two candidate dates, or when the letter is not the MRZ sex', () => {
    expect(completeVizFromMrz(readViz(page), page, mrz(false))).not.toHaveProperty('issueDate');
    const twoDates = lines('12 OCT 1999', '28 JUN 2022', '14 JUN 2021', '27 JUN 2032');
    expect(completeVizFromMrz(readViz(twoDates), twoDates, mrz()).issueDate).toBeUndefined();
    const otherSex = lines('M CORK');
    expect(completeVizFromMrz(readViz(otherSex), otherSex, mrz()).placeOfBirth).toBeUndefined();
    const nationality = lines('F IRL');
    expect(completeVizFromMrz(readViz(nationality), nationality, mrz()).placeOfBirth).toBeUndefined();
  });

  it("does not take the birth date read with a wrong year ('12 OCT 09' for 12 OCT 99) for the issue date", () => {
    const misreadBirth = lines('MURPHY', 'SIOBHAN', '12 OCT 09', 'F CORK', '28 JUN 2O22', '27 JUN 2032');
    expect(completeVizFromMrz(readViz(misreadBirth), misreadBirth, mrz()).issueDate).toBeUndefined();
    const readIssue = lines('MURPHY', 'SIOBHAN', '12 OCT 09', 'F CORK', '28 JUN 2022', '27 JUN 2032');
    expect(completeVizFromMrz(readViz(readIssue), readIssue, mrz()).issueDate).toBe('2022-06-28'); // no longer two candidates
    const issuedOnAnotherDay = lines('MURPHY', 'SIOBHAN', '13 OCT 09', 'F CORK', '27 JUN 2032');
    expect(completeVizFromMrz(readViz(issuedOnAnotherDay), issuedOnAnotherDay, mrz()).issueDate).toBe('2009-10-13');
  });

  it('takes a date printed after the expiry date for the issue date (the authenticity signals flag it), never the expiry date misread', () => {
    // MRZ: born 1999-10-12, expires 2032-06-27.
    const issuedLate = lines('MURPHY', 'SIOBHAN', '12 OCT 1999', 'F CORK', '14 FEB 2033', '27 JUN 2032');
    expect(completeVizFromMrz(readViz(issuedLate), issuedLate, mrz()).issueDate).toBe('2033-02-14');
    const expiryYearMisread = lines('MURPHY', 'SIOBHAN', '12 OCT 1999', 'F CORK', '27 JUN 2037');
    expect(completeVizFromMrz(readViz(expiryYearMisread), expiryYearMisread, mrz()).issueDate).toBeUndefined();
    const expiryDayMisread = lines('MURPHY', 'SIOBHAN', '12 OCT 1999', 'F CORK', '29 JUN 2032');
    expect(completeVizFromMrz(readViz(expiryDayMisread), expiryDayMisread, mrz()).issueDate).toBeUndefined();
    // Beside the issue date read as printed, the misread expiry is no second candidate.
    const bothRead = lines('12 OCT 1999', 'F CORK', '28 JUN 2022', '27 JUN 2037');
    expect(completeVizFromMrz(readViz(bothRead), bothRead, mrz()).issueDate).toBe('2022-06-28');
  });

  it("takes a card back's date on the holder's birthday for the issue date: a TD1 card prints the birth date on its front", () => {
    const td1 = readMrz(['IDBELTP0V0T93R3<<<<<<<<<<<<<<<', '7412224F3412215BEL<<<<<<<<<<<8', 'LAMBERT<<EMMA<<<<<<<<<<<<<<<<<'], {
      now: new Date('2026-01-01'),
    });
    if (!td1.ok || !td1.reading.valid) throw new Error('the TD1 fixture must read valid');
    const back = lines('Place of birth', 'BRUXELLES', '22.12.2024', 'Authority', 'BRUXELLES BEL');
    expect(completeVizFromMrz(readViz(back), back, td1.reading).issueDate).toBe('2024-12-22');
  });

  it('takes the MRZ sex letter off a place of birth read whole from a shared value line', () => {
    const sharedLine = lines('Place of birth', 'F LEEDS');
    expect(completeVizFromMrz(readViz(sharedLine), sharedLine, mrz()).placeOfBirth).toBe('LEEDS');
  });

  it('takes the "Sex / Place of birth" value line over debris in small letters the captions gave as the place', () => {
    const debris = lines('Sex/Sexe Place of birth/Lieu de naissance', 'ice', 'F LEEDS');
    expect(readViz(debris).placeOfBirth).toBe('ice');
    expect(completeVizFromMrz(readViz(debris), debris, mrz()).placeOfBirth).toBe('LEEDS');
  });

  it('keeps what the captions gave', () => {
    const captioned = lines('Date of issue', '01 JAN 2020', 'Place of birth', 'DUBLIN', 'F CORK', '28 JUN 2022');
    expect(completeVizFromMrz(readViz(captioned), captioned, mrz())).toMatchObject({ issueDate: '2020-01-01', placeOfBirth: 'DUBLIN' });
  });
});
