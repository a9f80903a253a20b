import { codePrecisionRecall, exactLineRate, fieldAccuracy, percentile, perLineRate, ratio } from './metrics';
import type { ExpectedFieldValues } from './metrics';

const expected: ExpectedFieldValues = {
  fullName: 'Käthe Schröder',
  firstName: 'Käthe',
  lastName: 'Schröder',
  dateOfBirth: '1994-04-04',
  documentNumber: '2FFLWTM48',
  nationality: 'D',
  sex: 'F',
  expiryDate: '2029-05-31',
  issueDate: '2019-06-01',
  placeOfBirth: 'München',
};

describe('exactLineRate / perLineRate', () => {
  const pairs = [
    { expected: ['AAA', 'BBB'], predicted: ['AAA', 'BBB'] },
    { expected: ['AAA', 'BBB'], predicted: ['AAA', 'BB8'] },
    { expected: ['AAA', 'BBB'], predicted: null },
    { expected: ['AAA', 'BBB'], predicted: ['AAA'] },
  ];

  it('counts an MRZ only when every line matches exactly', () => {
    expect(exactLineRate(pairs)).toBe(0.25);
    expect(exactLineRate([])).toBeNull();
  });

  it('counts single lines', () => {
    expect(perLineRate(pairs)).toBe(4 / 8);
  });
});

describe('fieldAccuracy', () => {
  const mrzSpelling = {
    fullName: 'KAETHE SCHROEDER',
    firstName: 'KAETHE',
    lastName: 'SCHROEDER',
    dateOfBirth: '1994-04-04',
    documentNumber: '2FFLWTM48',
    nationality: 'DEU',
    sex: 'F',
    expiryDate: '2029-05-31',
    issueDate: '2019-06-01',
    placeOfBirth: 'MUENCHEN',
  };

  it('accepts MRZ spellings and country aliases, and counts each wrong field', () => {
    const twoWrong = { ...mrzSpelling, dateOfBirth: '1994-04-05', documentNumber: '2FFLWTM4B' };
    const result = fieldAccuracy([
      { expected, predicted: mrzSpelling },
      { expected, predicted: twoWrong },
      { expected, predicted: null },
    ]);
    expect(result.perField.firstName).toBeCloseTo(2 / 3);
    expect(result.perField.dateOfBirth).toBeCloseTo(1 / 3);
    expect(result.perField.documentNumber).toBeCloseTo(1 / 3);
    expect(result.accuracy).toBeCloseTo((10 + 8) / 30);
    expect(result.errors.dateOfBirth).toEqual({ missing: 1, wrong: 1 });
    expect(result.mismatches).toContainEqual({ image: '', field: 'documentNumber', expected: '2FFLWTM48', predicted: '2FFLWTM4B' });
  });

  it('accepts a visual-zone read that lost the umlauts, and counts such matches apart', () => {
    const vizRead = { ...mrzSpelling, fullName: 'KATHE SCHRODER', firstName: 'KATHE', lastName: 'SCHRÖDER', placeOfBirth: 'MUNCHEN' };
    const result = fieldAccuracy([{ expected, predicted: vizRead }]);
    expect(result.accuracy).toBe(1);
    expect(result.nameMatchesWithoutDiacritics).toBe(3); // fullName, firstName, placeOfBirth; 'SCHRÖDER' is the MRZ form once transliterated
  });

  it('does not accept a different name, nor half a transliteration', () => {
    const result = fieldAccuracy([{ expected, predicted: { ...mrzSpelling, lastName: 'Schneider', firstName: 'KAETHE K' } }]);
    expect(result.perField.lastName).toBe(0);
    expect(result.perField.firstName).toBe(0);
    expect(result.perField.fullName).toBe(1);
    expect(fieldAccuracy([{ expected, predicted: { ...mrzSpelling, lastName: 'SCHROEDR' } }]).perField.lastName).toBe(0);
  });

  it('scores a field only on images that print it', () => {
    const front: ExpectedFieldValues = { ...expected, issueDate: undefined, placeOfBirth: undefined };
    const result = fieldAccuracy([
      { expected: front, predicted: { ...mrzSpelling, issueDate: undefined, placeOfBirth: undefined } },
      { expected, predicted: { ...mrzSpelling, placeOfBirth: undefined } },
    ]);
    expect(result.perFieldImages.issueDate).toBe(1);
    expect(result.perFieldImages.firstName).toBe(2);
    expect(result.perField.placeOfBirth).toBe(0);
    expect(result.errors.placeOfBirth).toEqual({ missing: 1, wrong: 0 });
    expect(result.accuracy).toBeCloseTo(17 / 18);
  });
});

describe('codePrecisionRecall', () => {
  it('computes precision and recall per code from hand-made predictions', () => {
    const scores = codePrecisionRecall(
      [
        { expected: ['DOC_EXPIRED'], predicted: ['DOC_EXPIRED'] },
        { expected: ['DOC_EXPIRED'], predicted: [] },
        { expected: [], predicted: ['DOC_EXPIRED', 'MRZ_DATA_UNREADABLE'] },
        { expected: ['WRONG_SIDE_BACK_UPLOADED'], predicted: ['WRONG_SIDE_BACK_UPLOADED'] },
        { expected: [], predicted: [] },
      ],
      ['MRZ_CROSS_LOW_SCORE'],
    );
    expect(scores.DOC_EXPIRED).toEqual({ truePositives: 1, falsePositives: 1, falseNegatives: 1, precision: 0.5, recall: 0.5 });
    expect(scores.MRZ_DATA_UNREADABLE).toMatchObject({ precision: 0, recall: null });
    expect(scores.WRONG_SIDE_BACK_UPLOADED).toMatchObject({ precision: 1, recall: 1 });
    expect(scores.MRZ_CROSS_LOW_SCORE).toMatchObject({ precision: null, recall: null });
  });
});

describe('percentile and ratio', () => {
  it('uses nearest rank', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile([], 50)).toBeNull();
    expect(ratio(1, 0)).toBeNull();
  });
});
