import { evaluateUploadProblems, recordedProblems, retakeErrorCode } from './recoverable-problems';

describe(evaluateUploadProblems.name, () => {
  it('accepts a clean upload', () => {
    expect(evaluateUploadProblems({}, 'front', [])).toEqual({ outcome: 'accepted', state: { pending: {}, recorded: {} } });
  });

  it('asks for a retake on the first occurrence, then accepts and records the same problem', () => {
    const first = evaluateUploadProblems({}, 'front', ['WRONG_SIDE_BACK_UPLOADED']);
    expect(first).toMatchObject({ outcome: 'retake', reasonCode: 'WRONG_SIDE_BACK_UPLOADED' });
    const second = evaluateUploadProblems(first.state, 'front', ['WRONG_SIDE_BACK_UPLOADED']);
    expect(second).toMatchObject({ outcome: 'accepted_recorded', recorded: ['WRONG_SIDE_BACK_UPLOADED'] });
    expect(recordedProblems(second.state)).toEqual(['WRONG_SIDE_BACK_UPLOADED']);
  });

  it('asks again when the next upload shows a different problem', () => {
    const first = evaluateUploadProblems({}, 'back', ['DOCUMENT_QUALITY_TOO_LOW']);
    const second = evaluateUploadProblems(first.state, 'back', ['MRZ_DATA_UNREADABLE']);
    expect(second).toMatchObject({ outcome: 'retake', reasonCode: 'MRZ_DATA_UNREADABLE' });
  });

  it('keeps sides apart', () => {
    const front = evaluateUploadProblems({}, 'front', ['DOCUMENT_QUALITY_TOO_LOW']);
    expect(evaluateUploadProblems(front.state, 'back', ['DOCUMENT_QUALITY_TOO_LOW'])).toMatchObject({ outcome: 'retake' });
  });

  it('clears what was recorded for a side on a clean re-upload', () => {
    const first = evaluateUploadProblems({}, 'front', ['MRZ_CROSS_LOW_SCORE']);
    const second = evaluateUploadProblems(first.state, 'front', ['MRZ_CROSS_LOW_SCORE']);
    const clean = evaluateUploadProblems(second.state, 'front', []);
    expect(clean.outcome).toBe('accepted');
    expect(recordedProblems(clean.state)).toEqual([]);
  });
});

describe(retakeErrorCode.name, () => {
  it('asks for clearer images (KYC_015) when the capture is readable but not trustworthy, and a better capture (KYC_007) otherwise', () => {
    for (const code of ['LOW_DETECTION_CONFIDENCE', 'MRZ_CROSS_LOW_SCORE', 'DOCUMENT_MIXING_SUSPECTED'])
      expect(retakeErrorCode(code)).toBe('KYC_015');
    for (const code of ['DOCUMENT_QUALITY_TOO_LOW', 'WRONG_SIDE_BACK_UPLOADED', 'PORTRAIT_NOT_DETECTED', 'MRZ_DATA_UNREADABLE'])
      expect(retakeErrorCode(code)).toBe('KYC_007');
  });
});
