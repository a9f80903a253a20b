import { decide, sanitizeIssueCodes } from './scoring-policy';

const real = { testMode: false, email: '', signals: [], documentAnalysed: true, faceMatchPerformed: true, faceMatchScore: 0.9 };

describe('scoring policy', () => {
  it('follows the test persona', () => {
    expect(decide({ ...real, testMode: true, email: 'alice.approved@example.com' })).toMatchObject({ outcome: 'completed', issueCodes: [] });
    expect(decide({ ...real, testMode: true, email: 'carol.rejected@example.com' })).toMatchObject({ outcome: 'rejected', reviewedBy: 'test-mode-persona', rejectionReason: expect.any(String) });
  });

  it('never auto-approves without a read document and a performed face match', () => {
    expect(decide({ ...real, documentAnalysed: false })).toMatchObject({ outcome: 'manual_review', issueCodes: ['GENERIC_REVIEW'] });
    expect(decide({ ...real, faceMatchPerformed: false })).toMatchObject({ outcome: 'manual_review' });
  });

  it('routes recorded problems to review with sanitized codes', () => {
    const decision = decide({ ...real, signals: [{ name: 'recorded_upload_problem', value: 1, code: 'WRONG_SIDE_BACK_UPLOADED' }, { name: 'x', value: 1, code: 'SCREEN_RECAPTURE' }] });
    expect(decision.outcome).toBe('manual_review');
    expect(decision.issueCodes).toEqual(['WRONG_SIDE_BACK_UPLOADED', 'GENERIC_REVIEW']);
  });

  it('completes on full evidence and explains every signal', () => {
    const decision = decide(real);
    expect(decision.outcome).toBe('completed');
    expect(decision.confidence).toBeCloseTo(0.95);
    expect(decision.explanation.map((e) => e.signal)).toEqual(['document_analysed', 'face_match_score']);
  });

  it('collapses anti-fraud codes and is never empty', () => {
    expect(sanitizeIssueCodes(['SCREEN_RECAPTURE', 'CHECK_DIGIT_FAILED'])).toEqual(['GENERIC_REVIEW']);
    expect(sanitizeIssueCodes([])).toEqual(['GENERIC_REVIEW']);
  });
});
