import { combineSides, mergeExtractedData } from './document-evidence';
import { recordedSide } from '../test-support/recorded-sides';

const now = new Date('2026-01-01T12:00:00Z');

describe('combining sides into evidence', () => {
  it('answers a clean passport with its data, no signals and its portrait', () => {
    const evidence = combineSides([recordedSide()], null, now);
    expect(evidence).toMatchObject({
      documentType: 'passport',
      signals: [],
      detectionConfidence: 0.95,
      portraitSide: 'main',
      requiresBackSide: false,
      sides: ['main'],
      analysed: true,
    });
    expect(evidence.extractedData).toMatchObject({ lastName: 'MUSTER', documentNumber: 'C01X00T47', fullName: 'ANNA MUSTER' });
  });

  it('sorts problems, hard findings and authenticity signals into their kinds', () => {
    const side = recordedSide({
      problems: ['DOC_EXPIRED', 'MRZ_DATA_UNREADABLE'],
      authenticitySignals: [{ code: 'CHECK_DIGIT_FAILED', detail: 'TD3 birthDate check digit fails', severity: 'high' }],
      mrz: { format: 'TD3', valid: false, failedCheckDigits: ['birthDate'], anomalies: 0, repairs: 0 },
      extractedData: { expiryDate: '2020-01-01' },
    });
    const { signals } = combineSides([side], null, now);
    expect(signals).toEqual([
      { code: 'DOC_EXPIRED', kind: 'hard', severity: 'high', side: 'main', detail: '' },
      { code: 'MRZ_DATA_UNREADABLE', kind: 'problem', severity: 'medium', side: 'main', detail: 'TD3 MRZ, failed check digits: birthDate' },
      { code: 'CHECK_DIGIT_FAILED', kind: 'authenticity', severity: 'high', side: 'main', detail: 'TD3 birthDate check digit fails' },
    ]);
  });

  it('finds an expiry that is past by now even when no side judged it so', () => {
    const signals = combineSides([recordedSide({ extractedData: { expiryDate: '2025-12-31' } })], null, now).signals;
    expect(signals).toContainEqual(expect.objectContaining({ code: 'DOC_EXPIRED', kind: 'hard', side: 'document' }));
  });

  it('combines an ID card: MRZ data from the back first, the visual zone fills gaps, mixing is a document problem', () => {
    const front = recordedSide({
      side: 'front',
      documentType: 'id_card',
      detectionConfidence: 0.6,
      mrz: null,
      extractedData: { lastName: 'MUSTERL', placeOfBirth: 'BERLIN', issueDate: '2021-05-05' },
    });
    const back = recordedSide({
      side: 'back',
      documentType: 'id_card',
      mrz: { format: 'TD1', valid: true, failedCheckDigits: [], anomalies: 0, repairs: 0 },
      portrait: { checked: true, found: false },
    });
    const evidence = combineSides([back, front], { mixingSuspected: true, zonesDisagree: false, reason: 'lastName differs' }, now);
    expect(evidence.sides).toEqual(['front', 'back']);
    expect(evidence.extractedData).toMatchObject({
      lastName: 'MUSTER',
      placeOfBirth: 'BERLIN',
      issueDate: '2021-05-05',
      fullName: 'ANNA MUSTER',
    });
    expect(evidence).toMatchObject({ documentType: 'id_card', detectionConfidence: 0.6, requiresBackSide: true, portraitSide: 'front' });
    expect(evidence.signals).toEqual([
      { code: 'DOCUMENT_MIXING_SUSPECTED', kind: 'problem', severity: 'medium', side: 'document', detail: 'lastName differs' },
    ]);
  });

  it("records a card whose printed front disagrees with its back's MRZ as the document's MRZ_CROSS_LOW_SCORE, once", () => {
    const front = recordedSide({ side: 'front', documentType: 'id_card', mrz: null, extractedData: { lastName: 'PEETERS' } });
    const back = recordedSide({ side: 'back', documentType: 'id_card' });
    const comparison = { mixingSuspected: false, zonesDisagree: true, reason: "lastName differs (front 'PEETERS', back 'MUSTER')" };
    expect(combineSides([front, back], comparison, now).signals).toEqual([
      { code: 'MRZ_CROSS_LOW_SCORE', kind: 'problem', severity: 'medium', side: 'document', detail: comparison.reason },
    ]);
    // The front's own analysis found the same (its recorded problem stands, with its side): not added twice.
    const flagged = recordedSide({ side: 'front', documentType: 'id_card', mrz: null, problems: ['MRZ_CROSS_LOW_SCORE'] });
    expect(combineSides([flagged, back], comparison, now).signals.filter((s) => s.code === 'MRZ_CROSS_LOW_SCORE')).toHaveLength(1);
  });

  it("gives a card whose front prints the back's document the back's confidence, and the weakest side's otherwise", () => {
    const agree = { mixingSuspected: false, zonesDisagree: false };
    const back = recordedSide({ side: 'back', documentType: 'id_card', portrait: { checked: true, found: false } });
    const front = (extractedData: Record<string, string>) =>
      recordedSide({ side: 'front', documentType: 'id_card', detectionConfidence: 0.55, mrz: null, extractedData });
    // The same number (printed with a space), or the same birth and expiry dates: one card, named by its MRZ at 0.95.
    expect(combineSides([front({ lastName: 'MUSTER', documentNumber: 'C01X 00T47' }), back], agree, now).detectionConfidence).toBe(0.95);
    expect(combineSides([front({ dateOfBirth: '1990-02-03', expiryDate: '2031-01-01' }), back], agree, now).detectionConfidence).toBe(0.95);
    // Nothing on the front ties it to the back (a name alone, one date, a number read otherwise), or the sides were
    // not compared or disagree: the front's own confidence.
    expect(combineSides([front({ lastName: 'MUSTER', dateOfBirth: '1990-02-03' }), back], agree, now).detectionConfidence).toBe(0.55);
    expect(combineSides([front({ documentNumber: 'C01X00T4Z' }), back], agree, now).detectionConfidence).toBe(0.55);
    expect(combineSides([front({ documentNumber: 'C01X00T47' }), back], null, now).detectionConfidence).toBe(0.55);
    const disagree = { mixingSuspected: false, zonesDisagree: true, reason: 'lastName differs' };
    expect(combineSides([front({ documentNumber: 'C01X00T47' }), back], disagree, now).detectionConfidence).toBe(0.55);
  });

  it('says nothing was read from a blank page, and its confidence counts', () => {
    const blank = recordedSide({
      side: 'main',
      documentType: 'unknown',
      detectionConfidence: 0.1,
      mrz: null,
      extractedData: {},
      problems: ['LOW_DETECTION_CONFIDENCE'],
      portrait: { checked: true, found: false },
    });
    expect(combineSides([blank], null, now)).toMatchObject({
      analysed: false,
      documentType: 'unknown',
      detectionConfidence: 0.1,
      requiresBackSide: false,
      portraitSide: null,
    });
    expect(combineSides([], null, now)).toMatchObject({ analysed: false, sides: [], detectionConfidence: 0, signals: [] });
  });

  it("takes a card front's printed name where the back's MRZ name line came in short and lost letters of it", () => {
    const back = (namesMayMissLetters: boolean) =>
      recordedSide({
        side: 'back',
        documentType: 'id_card',
        extractedData: { lastName: 'DUPNT', firstName: 'LOS', documentNumber: 'X1' },
        mrz: { format: 'TD1', valid: true, failedCheckDigits: [], anomalies: 0, repairs: 1, namesMayMissLetters },
      });
    const front = recordedSide({
      side: 'front',
      documentType: 'id_card',
      mrz: null,
      extractedData: { lastName: 'Dupont', firstName: 'Louis' },
    });
    expect(mergeExtractedData([front, back(true)])).toMatchObject({
      lastName: 'DUPONT',
      firstName: 'LOUIS',
      fullName: 'LOUIS DUPONT',
      documentNumber: 'X1',
    });
    // A complete line stands, and so does a printed name that is not the MRZ one plus a few letters.
    expect(mergeExtractedData([front, back(false)])).toMatchObject({ lastName: 'DUPNT', firstName: 'LOS' });
    const other = recordedSide({
      side: 'front',
      documentType: 'id_card',
      mrz: null,
      extractedData: { lastName: 'Durand', firstName: 'Lucas' },
    });
    expect(mergeExtractedData([other, back(true)])).toMatchObject({ lastName: 'DUPNT', firstName: 'LOS' });
  });

  it('ignores sides whose analysis failed when merging fields', () => {
    expect(mergeExtractedData([recordedSide({ failure: 'analysis failed: x', extractedData: { lastName: 'X' } })])).toEqual({});
  });
});
