import { codePrecisionRecall, exactLineRate, fieldAccuracy, percentile, perLineRate, ratio } from './metrics';
import type { ExpectedFieldValues } from './metrics';

const expected: ExpectedFieldValues = {
  firstName: 'Käthe', lastName: 'Schröder', dateOfBirth: '1994-04-04', documentNumber: '2FFLWTM48', nationality: 'D',
  sex: 'F', expiryDate: '2029-05-31', issuingCountry: 'D', documentType: 'id_card',
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
  it('accepts MRZ spellings and country aliases, and counts each wrong field', () => {
    const mrzSpelling = {
      firstName: 'KAETHE', lastName: 'SCHROEDER', dateOfBirth: '1994-04-04', documentNumber: '2FFLWTM48',
      nationality: 'DEU', sex: 'F', expiryDate: '2029-05-31', issuingCountry: 'D<<', documentType: 'id_card',
    };
    const twoWrong = { ...mrzSpelling, dateOfBirth: '1994-04-05', documentNumber: '2FFLWTM4B' };
    const result = fieldAccuracy([
      { expected, predicted: mrzSpelling },
      { expected, predicted: twoWrong },
      { expected, predicted: null },
    ]);
    expect(result.perField.firstName).toBeCloseTo(2 / 3);
    expect(result.perField.dateOfBirth).toBeCloseTo(1 / 3);
    expect(result.perField.documentNumber).toBeCloseTo(1 / 3);
    expect(result.accuracy).toBeCloseTo((9 + 7) / 27);
  });

  it('does not accept a different name', () => {
    const result = fieldAccuracy([{ expected, predicted: { ...expected, lastName: 'Schneider' } }]);
    expect(result.perField.lastName).toBe(0);
    expect(result.perField.firstName).toBe(1);
  });
});

describe('codePrecisionRecall', () => {
  it('computes precision and recall per code from hand-made predictions', () => {
    const scores = codePrecisionRecall([
      { expected: ['DOC_EXPIRED'], predicted: ['DOC_EXPIRED'] },
      { expected: ['DOC_EXPIRED'], predicted: [] },
      { expected: [], predicted: ['DOC_EXPIRED', 'MRZ_DATA_UNREADABLE'] },
      { expected: ['WRONG_SIDE_BACK_UPLOADED'], predicted: ['WRONG_SIDE_BACK_UPLOADED'] },
      { expected: [], predicted: [] },
    ], ['MRZ_CROSS_LOW_SCORE']);
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
