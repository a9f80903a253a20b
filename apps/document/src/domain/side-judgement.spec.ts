import { asSideAnalysis, documentRequiresBackSide, judgeUpload, recordSide, zoneReadingsOf } from './side-judgement';
import { libraryAnalysis, recordedSide } from '../test-support/recorded-sides';

describe('recording a side', () => {
  it('keeps the judgement and the portrait box, not the OCR text or MRZ lines', () => {
    const recorded = recordSide(libraryAnalysis(), { x: 0.1, y: 0.2, width: 0.2, height: 0.3 });
    expect(recorded).toMatchObject({
      documentType: 'passport',
      portrait: { checked: true, found: true, box: { x: 0.1 } },
      mrz: { format: 'TD3', valid: true, issuingState: 'D', failedCheckDigits: [] },
    });
    const stored = JSON.stringify(recorded);
    expect(stored).not.toContain('P<D<<MUSTER');
    expect(stored).not.toContain('reisepass');
  });

  it('drops a box when the detector found nothing', () => {
    expect(
      recordSide(libraryAnalysis({ portrait: { checked: true, found: false } }), { x: 0, y: 0, width: 1, height: 1 }).portrait,
    ).toEqual({ checked: true, found: false });
    expect(recordSide(libraryAnalysis({ portrait: { checked: false, reason: 'detector failed' } })).portrait).toEqual({
      checked: false,
      found: false,
      reason: 'detector failed',
    });
  });

  it('lists check digits that failed', () => {
    const analysis = libraryAnalysis();
    analysis.mrz!.checkDigits = [{ name: 'birthDate', valid: false }];
    expect(recordSide(analysis).mrz?.failedCheckDigits).toEqual(['birthDate']);
  });
});

describe('judging an upload', () => {
  it('answers a clean passport as valid, single-sided, without issues', () => {
    expect(judgeUpload(recordedSide())).toEqual({
      detectedDocumentType: 'passport',
      detectionConfidence: 0.95,
      isValidDocument: true,
      requiresBackSide: false,
      issueCodes: [],
    });
  });

  it('returns recoverable problems only; hard findings wait for submit', () => {
    const verdict = judgeUpload(recordedSide({ problems: ['DOC_EXPIRED', 'PORTRAIT_NOT_DETECTED'] }));
    expect(verdict.issueCodes).toEqual(['PORTRAIT_NOT_DETECTED']);
    expect(judgeUpload(recordedSide({ side: 'back', documentType: 'id_card', problems: ['MRZ_MISSING_BACK_SIDE'] })).issueCodes).toEqual(
      [],
    );
  });

  it('adds a cross-side problem found against the other side', () => {
    expect(judgeUpload(recordedSide({ side: 'back', documentType: 'id_card' }), ['DOCUMENT_MIXING_SUSPECTED']).issueCodes).toEqual([
      'DOCUMENT_MIXING_SUSPECTED',
    ]);
  });

  it('does not call a blank page a valid document', () => {
    const blank = recordedSide({
      side: 'front',
      documentType: 'unknown',
      detectionConfidence: 0.1,
      problems: ['DOCUMENT_QUALITY_TOO_LOW', 'LOW_DETECTION_CONFIDENCE'],
      mrz: null,
      extractedData: {},
    });
    expect(judgeUpload(blank)).toEqual({
      detectedDocumentType: 'unknown',
      detectionConfidence: 0.1,
      isValidDocument: false,
      requiresBackSide: true,
      issueCodes: ['DOCUMENT_QUALITY_TOO_LOW', 'LOW_DETECTION_CONFIDENCE'],
    });
  });

  it('asks for a back side for cards and unnamed fronts, never for a passport page', () => {
    expect(documentRequiresBackSide('id_card', ['front'])).toBe(true);
    expect(documentRequiresBackSide('passport', ['front'])).toBe(false);
    expect(documentRequiresBackSide('unknown', ['front'])).toBe(true);
    expect(documentRequiresBackSide('unknown', ['main'])).toBe(false);
  });

  it('rebuilds what compareSides reads', () => {
    const analysis = asSideAnalysis(recordedSide());
    expect(analysis.mrz?.fields.issuingState?.value).toBe('D');
    expect(analysis.extractedData.lastName).toBe('MUSTER');
  });
});

describe('zoneReadingsOf (the reviewer case view, issue 29)', () => {
  it('keeps what each zone read on its own: MRZ fields with a value, VIZ values without the raw captions', () => {
    const readings = zoneReadingsOf({
      mrz: {
        format: 'TD3',
        lines: [],
        rawLines: [],
        valid: true,
        fields: {
          surname: { value: 'SCHAEFER' },
          givenNames: { value: 'ANNA<MARIA' },
          optionalData: { value: '<<<<' },
          sex: { value: '' },
        },
        checkDigits: [],
        repairs: [],
        anomalies: [],
      },
      viz: { surname: 'Schäfer', birthDate: '1990-04-01', raw: { surname: 'Name: Schäfer' }, text: 'reisepass passport' },
    });
    expect(readings).toEqual({
      mrz: { surname: 'SCHAEFER', givenNames: 'ANNA<MARIA' },
      viz: { surname: 'Schäfer', birthDate: '1990-04-01' },
    });
  });

  it('reads nothing from a side without an MRZ', () => {
    expect(zoneReadingsOf({ mrz: null, viz: { raw: {}, text: '' } })).toEqual({ mrz: {}, viz: {} });
  });
});
