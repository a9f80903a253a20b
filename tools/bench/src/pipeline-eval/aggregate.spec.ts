import { aggregate, type CaseOutcome, causeOf, figuresOf, reasonsOf } from './aggregate';

function outcome(partial: Partial<CaseOutcome> & Pick<CaseOutcome, 'id' | 'kind' | 'final'>): CaseOutcome {
  return {
    documentType: 'passport',
    layout: 'classic',
    holder: 'ann',
    retakes: [],
    uploadIssues: [],
    selfieRefusals: [],
    selfieResubmits: [],
    issues: [],
    failureReason: null,
    ruleFired: partial.final === 'completed' ? 'auto_approved' : null,
    firedSignals: [],
    faceMatch: { status: null, score: null },
    confidence: null,
    ...partial,
  };
}

const qualityRetake = { side: 'main', errorCode: 'KYC_007', reasonCode: 'DOCUMENT_QUALITY_TOO_LOW' };

describe('eval:pipeline aggregation', () => {
  const outcomes: CaseOutcome[] = [
    outcome({ id: 'g1', kind: 'genuine', final: 'completed', faceMatch: { status: 'MATCHED', score: 0.95 } }),
    outcome({ id: 'g2', kind: 'genuine', final: 'completed', retakes: [qualityRetake] }),
    outcome({
      id: 'g3',
      kind: 'genuine',
      final: 'manual_review',
      layout: 'right-portrait',
      issues: ['FACE_MATCH_LOW_SCORE'],
      ruleFired: 'face_match_low_score',
      faceMatch: { status: 'LOW_SCORE', score: 0.5 },
    }),
    outcome({
      id: 'g4',
      kind: 'genuine',
      final: 'manual_review',
      documentType: 'id_card',
      retakes: [qualityRetake],
      issues: ['DOCUMENT_QUALITY_TOO_LOW'],
      ruleFired: 'recorded_upload_problem',
    }),
    outcome({
      id: 'g5',
      kind: 'genuine',
      final: 'selfie_refused',
      selfieRefusals: [{ errorCode: 'KYC_008b', details: 'REASON|SPOOF|MODEL' }],
    }),
    outcome({ id: 'g6', kind: 'genuine', final: 'error', error: 'boom' }),
    outcome({ id: 'i1', kind: 'impostor', final: 'failed', failureReason: 'KYC_020', ruleFired: 'face_not_matched' }),
    outcome({ id: 'i2', kind: 'impostor', final: 'completed' }),
    outcome({ id: 'e1', kind: 'expired', final: 'failed', failureReason: 'KYC_013', ruleFired: 'document_expired' }),
    outcome({
      id: 'w1',
      kind: 'wrongSide',
      final: 'completed',
      documentType: 'id_card',
      retakes: [{ side: 'front', errorCode: 'KYC_007', reasonCode: 'WRONG_SIDE_BACK_UPLOADED' }],
    }),
    outcome({ id: 'w2', kind: 'wrongSide', final: 'completed', documentType: 'id_card', retakes: [{ ...qualityRetake, side: 'back' }] }),
    outcome({
      id: 's1',
      kind: 'spoof',
      final: 'selfie_refused',
      selfieRefusals: [{ errorCode: 'KYC_008b', details: 'REASON|SPOOF|SCREEN' }],
    }),
    outcome({ id: 's2', kind: 'spoof', final: 'manual_review', issues: ['GENERIC_REVIEW'] }),
    outcome({ id: 's3', kind: 'spoof', final: 'completed' }),
    outcome({ id: 's4', kind: 'spoof', final: 'selfie_unusable', selfieResubmits: ['KYC_021', 'KYC_021'] }),
  ];
  const report = aggregate(outcomes);

  it('counts approvals, reviews, failures and refusals per kind, leaving run errors out of the rates', () => {
    expect(report.cases).toBe(15);
    expect(report.genuine).toMatchObject({
      n: 5,
      approved: 2,
      review: 2,
      failed: 0,
      refused: 1,
      errors: 1,
      approvedRate: 0.4,
      reviewRate: 0.4,
    });
    expect(report.impostor).toMatchObject({ n: 2, approved: 1, failed: 1, approvedRate: 0.5, failedRate: 0.5 });
    expect(report.expired).toMatchObject({ n: 1, approved: 0, approvedRate: 0 });
  });

  it('counts a wrong side as asked to retake only when the front upload said WRONG_SIDE_BACK_UPLOADED', () => {
    expect(report.wrongSide).toMatchObject({ n: 2, retake: 1, retakeRate: 0.5 });
  });

  it('counts a spoof refused when it was never approved, and apart when refused at the upload', () => {
    expect(report.spoof).toMatchObject({ n: 4, refused: 3, refusedAtUpload: 1 });
    expect(report.spoof.refusedRate).toBe(0.75);
  });

  it('names the cause of every genuine person not approved', () => {
    expect(report.genuineNotApproved.map((g) => [g.id, g.cause])).toEqual([
      ['g3', 'face match (LOW_SCORE)'],
      ['g4', 'document quality gate'],
      ['g5', 'liveness (selfie refused: REASON|SPOOF|MODEL)'],
      ['g6', 'run error'],
    ]);
    expect(report.genuine.causes).toEqual({
      'document quality gate': 1,
      'face match (LOW_SCORE)': 1,
      'liveness (selfie refused: REASON|SPOOF|MODEL)': 1,
    });
  });

  it('breaks reasons down per kind, approved retakes included', () => {
    expect(report.byReason['retake:DOCUMENT_QUALITY_TOO_LOW']).toEqual({ genuine: 2, wrongSide: 1 });
    expect(report.byReason['failure:KYC_020']).toEqual({ impostor: 1 });
    expect(report.byReason['rule:face_match_low_score']).toEqual({ genuine: 1 });
    // The rule of an approved case is auto_approved: not a reason.
    expect(Object.keys(report.byReason).some((r) => r.includes('auto_approved'))).toBe(false);
  });

  it('breaks approvals down per document type and layout', () => {
    expect(report.byLayout['passport/classic'].genuine).toEqual({ n: 3, approved: 2, approvedRate: 0.6667 });
    expect(report.byLayout['passport/right-portrait'].genuine).toEqual({ n: 1, approved: 0, approvedRate: 0 });
    expect(report.byLayout['id_card/classic'].wrongSide).toEqual({ n: 2, approved: 2, approvedRate: 1 });
  });

  it('judges the targets from the figures', () => {
    expect(report.targets.genuineApproved).toEqual({ value: 0.4, target: '≥ 90 %', met: false });
    expect(report.targets.impostorApproved.met).toBe(false);
    expect(report.targets.expiredApproved.met).toBe(true);
    expect(aggregate([]).targets.genuineApproved.met).toBeNull();
  });
});

describe('eval:pipeline causes and reasons of one case', () => {
  it('puts the document before the face: an unreadable MRZ is the cause even when the face also scored low', () => {
    const o = outcome({
      id: 'x',
      kind: 'genuine',
      final: 'manual_review',
      issues: ['MRZ_DATA_UNREADABLE', 'FACE_MATCH_LOW_SCORE'],
      faceMatch: { status: 'LOW_SCORE', score: 0.4 },
    });
    expect(causeOf(o)).toBe('MRZ unreadable');
    expect(reasonsOf(o)).toEqual(['issue:MRZ_DATA_UNREADABLE', 'issue:FACE_MATCH_LOW_SCORE']);
  });

  it('names the finding a review was recorded for, not a retake that the next capture cleared', () => {
    const o = outcome({
      id: 'm',
      kind: 'genuine',
      final: 'manual_review',
      retakes: [qualityRetake, { side: 'back', errorCode: 'KYC_015', reasonCode: 'MRZ_CROSS_LOW_SCORE' }],
      issues: ['MRZ_CROSS_LOW_SCORE', 'GENERIC_REVIEW'],
      ruleFired: 'recorded_upload_problem',
    });
    expect(causeOf(o)).toBe('document reading (MRZ_CROSS_LOW_SCORE)');
  });

  it('names the scoring rule when nothing else explains a review, and has no cause for an approval', () => {
    expect(
      causeOf(outcome({ id: 'y', kind: 'genuine', final: 'manual_review', issues: ['GENERIC_REVIEW'], ruleFired: 'authenticity_signal' })),
    ).toBe('scoring rule authenticity_signal');
    expect(causeOf(outcome({ id: 'z', kind: 'genuine', final: 'completed' }))).toBeNull();
  });

  it('keeps rates null for a kind with no case', () => {
    expect(figuresOf([])).toMatchObject({ n: 0, approvedRate: null, reviewRate: null });
  });
});
