import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { applyOverrides, DEFAULT_POLICY, DEFAULT_POLICY_SETTINGS } from './policy-settings';
import {
  decide,
  MAX_RECOLLECTION_CYCLES,
  RULES,
  sanitizeIssueCodes,
  type ScoringInput,
  type ScoringSignal,
  type SignalKind,
  type SignalSeverity,
  type SignalSource,
  USER_SHOWABLE_CODES,
} from './scoring-policy';

/** A sandbox attempt with everything in order: valid MRZ (0.95), face matched (0.9), live selfie (0.9). */
const clean: ScoringInput = {
  testMode: false,
  email: 'someone@example.com',
  signals: [],
  documentAnalysed: true,
  documentType: 'id_card',
  detectionConfidence: 0.95,
  requiresBackSide: true,
  faceMatchPerformed: true,
  faceMatchScore: 0.9,
  faceMatchStatus: 'MATCHED',
  livenessConfidence: 0.9,
  duplicateSuspected: false,
  recollectionCycles: 0,
};
// 0.3 × 0.95 + 0.5 × 0.9 + 0.2 × 0.9
const CLEAN_CONFIDENCE = 0.915;

const documentSignal = (code: string, kind: SignalKind, severity: SignalSeverity | null = 'medium', detail = ''): ScoringSignal => ({
  name: 'document_signal',
  value: 1,
  code,
  source: 'document',
  kind,
  severity,
  side: 'front',
  detail,
});
const recordedUpload = (code: string): ScoringSignal => ({
  name: 'recorded_upload_problem',
  value: 1,
  code,
  source: 'upload',
  kind: 'recorded',
  severity: 'medium',
  side: null,
  detail: '',
});
const withSignals = (...signals: ScoringSignal[]): ScoringInput => ({ ...clean, signals });

/** The internal anti-fraud codes of @kyc/document-intelligence (AuthenticitySignalCode) and others we may meet. */
const INTERNAL_CODES = [
  'CHECK_DIGIT_FAILED',
  'MRZ_LAYOUT_ANOMALY',
  'INVALID_COUNTRY_CODE',
  'SPECIMEN_DOCUMENT',
  'ISSUE_AFTER_EXPIRY',
  'BIRTH_IN_FUTURE',
  'BIRTH_AFTER_ISSUE',
  'AGE_OUT_OF_RANGE',
  'VALIDITY_TOO_LONG',
  'MRZ_VIZ_MISMATCH',
  'GREYSCALE_COPY',
  'SCREEN_RECAPTURE_SUSPECTED',
  'DUPLICATE_DIFFERENT_IDENTITY',
  'SOMETHING_NEW',
];

describe('scoring policy: test-mode personas (unchanged)', () => {
  it('completes an approved persona with its confidence and a one-line explanation', () => {
    const decision = decide({ ...clean, testMode: true, email: 'alice.approved@example.com' });
    expect(decision).toEqual({
      outcome: 'completed',
      confidence: 0.97,
      issueCodes: [],
      nextAction: '',
      failureReason: '',
      rejectionReason: '',
      reviewedBy: '',
      explanation: [{ signal: 'test_persona', value: 0.97, weight: 1, rule: 'test mode persona alice.approved@example.com is approved' }],
      ruleFired: 'test_mode_persona',
      policy: null,
    });
  });

  it('rejects the rejected persona as a reviewer would', () => {
    expect(decide({ ...clean, testMode: true, email: 'carol.rejected@example.com' })).toMatchObject({
      outcome: 'rejected',
      confidence: 0.41,
      issueCodes: ['GENERIC_REVIEW'],
      reviewedBy: 'test-mode-persona',
      rejectionReason: 'Document could not be verified (test persona)',
    });
  });

  it('ignores evidence and project settings, and treats an unknown e-mail as alice', () => {
    const everythingWrong = {
      ...withSignals(documentSignal('DOC_EXPIRED', 'hard')),
      testMode: true,
      email: 'nobody@example.org',
      faceMatchStatus: 'NOT_MATCHED' as const,
      duplicateSuspected: true,
    };
    const decision = decide(everythingWrong, applyOverrides({ autoApproveThreshold: 1 }, 3));
    expect(decision).toMatchObject({ outcome: 'completed', confidence: 0.97, issueCodes: [], policy: null });
    expect(decision.explanation[0].rule).toBe('test mode persona alice.approved@example.com is approved');
  });
});

describe('scoring policy: completed', () => {
  it('auto-approves full, clean evidence above the threshold and explains every input', () => {
    const decision = decide(clean);
    expect(decision).toMatchObject({
      outcome: 'completed',
      confidence: CLEAN_CONFIDENCE,
      issueCodes: [],
      nextAction: '',
      failureReason: '',
      ruleFired: 'auto_approved',
      policy: DEFAULT_POLICY,
    });
    const bySignal = Object.fromEntries(decision.explanation.map((e) => [e.signal, e]));
    expect(bySignal.detection_confidence).toEqual({
      signal: 'detection_confidence',
      value: 0.95,
      weight: 0.3,
      rule: 'weighted into confidence',
    });
    expect(bySignal.face_match_score).toEqual({ signal: 'face_match_score', value: 0.9, weight: 0.5, rule: 'weighted into confidence' });
    expect(bySignal.liveness_confidence).toEqual({
      signal: 'liveness_confidence',
      value: 0.9,
      weight: 0.2,
      rule: 'weighted into confidence',
    });
    expect(bySignal['face_match_status:MATCHED'].rule).toBe('face matched');
    expect(bySignal.auto_approve_threshold.value).toBe(0.8);
    expect(decision.explanation.at(-1)).toEqual({ signal: 'outcome:completed', value: CLEAN_CONFIDENCE, weight: 0, rule: 'auto_approved' });
  });

  it('approves at exactly the threshold and reviews just below it', () => {
    // 0.3 × 1 + 0.5 × 0.6 + 0.2 × 1 = 0.8
    const atThreshold = { ...clean, detectionConfidence: 1, livenessConfidence: 1, faceMatchScore: 0.6 };
    expect(decide(atThreshold)).toMatchObject({ outcome: 'completed', confidence: 0.8 });
    const below = decide({ ...atThreshold, faceMatchScore: 0.5998 });
    expect(below).toMatchObject({
      outcome: 'manual_review',
      confidence: 0.7999,
      issueCodes: ['GENERIC_REVIEW'],
      ruleFired: 'confidence_below_threshold',
    });
  });

  it("uses the project's threshold and weights", () => {
    expect(decide(clean, applyOverrides({ autoApproveThreshold: 0.95 }, 1))).toMatchObject({
      outcome: 'manual_review',
      ruleFired: 'confidence_below_threshold',
    });
    const faceOnly = decide(clean, applyOverrides({ weights: { detectionConfidence: 0, faceMatchScore: 1, livenessConfidence: 0 } }, 2));
    expect(faceOnly).toMatchObject({ outcome: 'completed', confidence: 0.9 });
    expect(faceOnly.explanation.find((e) => e.signal === 'face_match_score')?.weight).toBe(1);
    expect(faceOnly.policy).toMatchObject({ overridesVersion: 2, overrides: { weights: { faceMatchScore: 1 } } });
  });
});

describe('scoring policy: failed', () => {
  it('fails an expired document with KYC_013 and shows no issue codes', () => {
    expect(decide(withSignals(documentSignal('DOC_EXPIRED', 'hard')))).toMatchObject({
      outcome: 'failed',
      failureReason: 'KYC_013',
      issueCodes: [],
      nextAction: '',
      ruleFired: 'document_expired',
    });
  });

  it('fails an expired document whatever kind or source reports it', () => {
    expect(decide(withSignals(documentSignal('DOC_EXPIRED', 'problem'))).failureReason).toBe('KYC_013');
    expect(decide(withSignals(recordedUpload('DOC_EXPIRED'))).failureReason).toBe('KYC_013');
  });

  it('fails a face that does not match the portrait with KYC_020', () => {
    expect(decide({ ...clean, faceMatchStatus: 'NOT_MATCHED', faceMatchScore: 0.1 })).toMatchObject({
      outcome: 'failed',
      failureReason: 'KYC_020',
      issueCodes: [],
      ruleFired: 'face_not_matched',
    });
  });

  it('puts hard failures before everything else, the expired document first', () => {
    const everything = {
      ...withSignals(
        documentSignal('MRZ_MISSING_BACK_SIDE', 'hard'),
        documentSignal('CHECK_DIGIT_FAILED', 'authenticity', 'high'),
        documentSignal('DOC_EXPIRED', 'hard'),
      ),
      faceMatchStatus: 'NOT_MATCHED' as const,
      duplicateSuspected: true,
    };
    const decision = decide(everything);
    expect(decision).toMatchObject({ outcome: 'failed', failureReason: 'KYC_013', issueCodes: [], nextAction: '' });
    // The face mismatch also fired and is named in the explanation.
    expect(decision.explanation.find((e) => e.signal === 'face_match_status:NOT_MATCHED')?.rule).toBe('face_not_matched');
  });
});

describe('scoring policy: action_required', () => {
  it('asks for the back again when it carries no MRZ', () => {
    expect(decide(withSignals(documentSignal('MRZ_MISSING_BACK_SIDE', 'hard')))).toMatchObject({
      outcome: 'action_required',
      nextAction: 'resubmit_back',
      issueCodes: ['MRZ_MISSING_BACK_SIDE'],
      ruleFired: 'back_side_without_mrz',
    });
  });

  it('asks for the front again when the wrong side was photographed twice (a recorded upload problem)', () => {
    expect(decide(withSignals(recordedUpload('WRONG_SIDE_BACK_UPLOADED')))).toMatchObject({
      outcome: 'action_required',
      nextAction: 'resubmit_front',
      issueCodes: ['WRONG_SIDE_BACK_UPLOADED'],
      ruleFired: 'wrong_side_photographed_twice',
    });
  });

  it('treats a wrong side the analysis merely saw (not recorded) as a review problem', () => {
    expect(decide(withSignals(documentSignal('WRONG_SIDE_BACK_UPLOADED', 'problem')))).toMatchObject({
      outcome: 'manual_review',
      issueCodes: ['WRONG_SIDE_BACK_UPLOADED'],
      nextAction: '',
    });
  });

  it(`keeps asking below ${MAX_RECOLLECTION_CYCLES} cycles, then goes to review with the code`, () => {
    const missingBack = withSignals(documentSignal('MRZ_MISSING_BACK_SIDE', 'hard'));
    expect(decide({ ...missingBack, recollectionCycles: 1 })).toMatchObject({ outcome: 'action_required', nextAction: 'resubmit_back' });
    for (const cycles of [2, 3]) {
      expect(decide({ ...missingBack, recollectionCycles: cycles })).toMatchObject({
        outcome: 'manual_review',
        nextAction: '',
        issueCodes: ['MRZ_MISSING_BACK_SIDE'],
        ruleFired: 'recollection_limit_reached',
      });
    }
    expect(decide({ ...withSignals(recordedUpload('WRONG_SIDE_BACK_UPLOADED')), recollectionCycles: 2 })).toMatchObject({
      outcome: 'manual_review',
      issueCodes: ['WRONG_SIDE_BACK_UPLOADED'],
    });
  });

  it('names only the side it asks for, whatever else is wrong, and asks for the front first', () => {
    const decision = decide({
      ...withSignals(documentSignal('MRZ_MISSING_BACK_SIDE', 'hard'), documentSignal('SPECIMEN_DOCUMENT', 'authenticity', 'high')),
      duplicateSuspected: true,
      faceMatchStatus: 'LOW_SCORE',
    });
    expect(decision).toMatchObject({ outcome: 'action_required', nextAction: 'resubmit_back', issueCodes: ['MRZ_MISSING_BACK_SIDE'] });
    expect(decide(withSignals(documentSignal('MRZ_MISSING_BACK_SIDE', 'hard'), recordedUpload('WRONG_SIDE_BACK_UPLOADED')))).toMatchObject({
      nextAction: 'resubmit_front',
      issueCodes: ['WRONG_SIDE_BACK_UPLOADED'],
    });
  });
});

describe('scoring policy: manual_review', () => {
  it('reviews a recorded upload problem and shows its code', () => {
    expect(decide(withSignals(recordedUpload('DOCUMENT_QUALITY_TOO_LOW')))).toMatchObject({
      outcome: 'manual_review',
      issueCodes: ['DOCUMENT_QUALITY_TOO_LOW'],
      ruleFired: 'recorded_upload_problem',
    });
  });

  it('reviews a document problem and shows its code', () => {
    expect(decide(withSignals(documentSignal('PORTRAIT_NOT_DETECTED', 'problem')))).toMatchObject({
      outcome: 'manual_review',
      issueCodes: ['PORTRAIT_NOT_DETECTED'],
      ruleFired: 'document_problem',
    });
  });

  it.each<SignalSeverity | null>(['medium', 'high', null])(
    'reviews an authenticity signal of severity %s as GENERIC_REVIEW',
    (severity) => {
      expect(decide(withSignals(documentSignal('CHECK_DIGIT_FAILED', 'authenticity', severity)))).toMatchObject({
        outcome: 'manual_review',
        issueCodes: ['GENERIC_REVIEW'],
        ruleFired: 'authenticity_signal',
      });
    },
  );

  it('only penalises low-severity authenticity signals, until the confidence drops below the threshold', () => {
    const one = decide(withSignals(documentSignal('SCREEN_RECAPTURE_SUSPECTED', 'authenticity', 'low')));
    expect(one).toMatchObject({ outcome: 'completed', confidence: 0.865 });
    expect(one.explanation.find((e) => e.code === 'SCREEN_RECAPTURE_SUSPECTED')).toMatchObject({
      weight: -0.05,
      rule: 'low_severity_authenticity_penalty',
    });
    const three = decide(
      withSignals(
        ...['SCREEN_RECAPTURE_SUSPECTED', 'MRZ_VIZ_MISMATCH', 'INVALID_COUNTRY_CODE'].map((code) =>
          documentSignal(code, 'authenticity', 'low'),
        ),
      ),
    );
    expect(three).toMatchObject({
      outcome: 'manual_review',
      confidence: 0.765,
      issueCodes: ['GENERIC_REVIEW'],
      ruleFired: 'confidence_below_threshold',
    });
    expect(
      decide(
        withSignals(documentSignal('SCREEN_RECAPTURE_SUSPECTED', 'authenticity', 'low')),
        applyOverrides({ lowSeverityPenalty: 0.2 }, 1),
      ),
    ).toMatchObject({ outcome: 'manual_review', confidence: 0.715 });
  });

  it('reviews a suspected duplicate, unless the project allows duplicates', () => {
    expect(decide({ ...clean, duplicateSuspected: true })).toMatchObject({
      outcome: 'manual_review',
      issueCodes: ['GENERIC_REVIEW'],
      ruleFired: 'duplicate_suspected',
    });
    const duplicateSignal: ScoringSignal = {
      name: 'duplicate',
      value: 2,
      code: 'DIFFERENT_IDENTITY',
      source: 'duplicate',
      kind: 'recorded',
      severity: 'high',
      side: 'face',
      detail: '2 earlier matches',
    };
    expect(decide(withSignals(duplicateSignal))).toMatchObject({
      outcome: 'manual_review',
      issueCodes: ['GENERIC_REVIEW'],
      ruleFired: 'duplicate_suspected',
    });
    const allowed = decide({ ...withSignals(duplicateSignal), duplicateSuspected: true }, applyOverrides({ duplicates: 'allow' }, 1));
    expect(allowed).toMatchObject({ outcome: 'completed', issueCodes: [] });
    expect(allowed.explanation.find((e) => e.signal === 'duplicate_suspected')).toMatchObject({
      value: 1,
      rule: 'duplicate allowed by the project policy',
    });
  });

  it('reviews a low face match score as FACE_MATCH_LOW_SCORE (and low confidence as GENERIC_REVIEW)', () => {
    expect(decide({ ...clean, faceMatchStatus: 'LOW_SCORE', faceMatchScore: 0.45 })).toMatchObject({
      outcome: 'manual_review',
      confidence: 0.69,
      issueCodes: ['FACE_MATCH_LOW_SCORE', 'GENERIC_REVIEW'],
      ruleFired: 'face_match_low_score',
    });
    expect(decide({ ...clean, faceMatchStatus: 'LOW_SCORE' })).toMatchObject({
      outcome: 'manual_review',
      issueCodes: ['FACE_MATCH_LOW_SCORE'],
    });
  });

  it('never auto-approves without a performed face match, whatever the status says', () => {
    const cases: Partial<ScoringInput>[] = [
      { faceMatchPerformed: false, faceMatchStatus: 'NOT_PERFORMED', faceMatchScore: 0 },
      { faceMatchPerformed: false, faceMatchStatus: 'MATCHED' },
      { faceMatchPerformed: true, faceMatchStatus: null },
    ];
    for (const face of cases) {
      const decision = decide({ ...clean, ...face }, applyOverrides({ autoApproveThreshold: 0 }, 1));
      expect(decision).toMatchObject({ outcome: 'manual_review', issueCodes: ['GENERIC_REVIEW'], ruleFired: 'face_match_not_performed' });
    }
    // A match that was not performed adds nothing to the confidence.
    expect(decide({ ...clean, faceMatchPerformed: false }).confidence).toBe(0.465);
  });

  it('never auto-approves without an analysed document or a named document type', () => {
    const unread = decide({ ...clean, documentAnalysed: false }, applyOverrides({ autoApproveThreshold: 0 }, 1));
    expect(unread).toMatchObject({
      outcome: 'manual_review',
      issueCodes: ['GENERIC_REVIEW'],
      ruleFired: 'document_not_analysed',
      confidence: 0.63,
    });
    for (const documentType of ['unknown', '']) {
      expect(decide({ ...clean, documentType }, applyOverrides({ autoApproveThreshold: 0 }, 1))).toMatchObject({
        outcome: 'manual_review',
        ruleFired: 'document_type_unknown',
      });
    }
  });

  it('reviews any signal it has no rule for, showing its code only when the spec allows it', () => {
    const face: ScoringSignal = {
      name: 'face_signal',
      value: 1,
      code: 'FACE_MATCH_LOW_SCORE',
      source: 'face',
      kind: 'problem',
      severity: 'medium',
      side: 'face',
      detail: '',
    };
    expect(decide(withSignals(face))).toMatchObject({
      outcome: 'manual_review',
      issueCodes: ['FACE_MATCH_LOW_SCORE'],
      ruleFired: 'unrecognised_signal',
    });
    expect(decide(withSignals(documentSignal('HOLOGRAM_MISSING', 'hard')))).toMatchObject({
      outcome: 'manual_review',
      issueCodes: ['GENERIC_REVIEW'],
      ruleFired: 'unrecognised_signal',
    });
  });

  it('lists the code of every review rule that fired, once each, in rule order', () => {
    const decision = decide({
      ...withSignals(
        documentSignal('LOW_DETECTION_CONFIDENCE', 'problem'),
        recordedUpload('MRZ_CROSS_LOW_SCORE'),
        documentSignal('BIRTH_IN_FUTURE', 'authenticity', 'high'),
        documentSignal('LOW_DETECTION_CONFIDENCE', 'problem'),
      ),
      faceMatchStatus: 'LOW_SCORE',
      detectionConfidence: 0.3,
    });
    expect(decision).toMatchObject({ outcome: 'manual_review', ruleFired: 'recorded_upload_problem' });
    expect(decision.issueCodes).toEqual(['MRZ_CROSS_LOW_SCORE', 'LOW_DETECTION_CONFIDENCE', 'GENERIC_REVIEW', 'FACE_MATCH_LOW_SCORE']);
  });
});

describe('scoring policy: sanitization', () => {
  it('never shows an internal code, whatever source, kind and severity carry it', () => {
    for (const code of INTERNAL_CODES) {
      for (const source of ['document', 'upload', 'face', 'duplicate', null] as (SignalSource | null)[]) {
        for (const kind of ['problem', 'hard', 'authenticity', 'recorded', null] as (SignalKind | null)[]) {
          for (const severity of ['low', 'medium', 'high', null] as (SignalSeverity | null)[]) {
            const decision = decide(
              withSignals({ name: 'signal', value: 1, code, source, kind, severity, side: 'front', detail: `internal ${code}` }),
            );
            expect(decision.issueCodes.every((shown) => USER_SHOWABLE_CODES.has(shown))).toBe(true);
            expect(decision.issueCodes).not.toContain(code);
            expect(decision.failureReason).toBe('');
          }
        }
      }
    }
  });

  it('keeps the internal code and detail in the explanation, for reviewers', () => {
    const decision = decide(
      withSignals(documentSignal('CHECK_DIGIT_FAILED', 'authenticity', 'high', 'TD1 documentNumber check digit fails')),
    );
    expect(decision.issueCodes).toEqual(['GENERIC_REVIEW']);
    expect(decision.explanation.find((e) => e.signal === 'document:CHECK_DIGIT_FAILED')).toEqual({
      signal: 'document:CHECK_DIGIT_FAILED',
      value: 1,
      weight: 0,
      rule: 'authenticity_signal',
      code: 'CHECK_DIGIT_FAILED',
      source: 'document',
      kind: 'authenticity',
      severity: 'high',
      side: 'front',
      detail: 'TD1 documentNumber check digit fails',
    });
  });

  it('never leaves review or action-required issues empty', () => {
    const reviewed = [
      { ...clean, duplicateSuspected: true },
      { ...clean, faceMatchPerformed: false },
      withSignals(recordedUpload('')),
      { ...clean, faceMatchScore: 0 },
    ];
    for (const input of reviewed) expect(decide(input).issueCodes.length).toBeGreaterThan(0);
  });

  it('collapses anti-fraud codes and is never empty', () => {
    expect(sanitizeIssueCodes(['SCREEN_RECAPTURE', 'CHECK_DIGIT_FAILED'])).toEqual(['GENERIC_REVIEW']);
    expect(sanitizeIssueCodes(['DOC_EXPIRED', 'CHECK_DIGIT_FAILED', 'DOC_EXPIRED'])).toEqual(['DOC_EXPIRED', 'GENERIC_REVIEW']);
    expect(sanitizeIssueCodes([])).toEqual(['GENERIC_REVIEW']);
  });
});

describe('scoring policy: confidence and explanation', () => {
  it('keeps the confidence in [0,1] whatever comes in', () => {
    expect(decide({ ...clean, faceMatchScore: 1.7, detectionConfidence: 3, livenessConfidence: 2 }).confidence).toBe(1);
    expect(
      decide({ ...clean, faceMatchScore: Number.NaN, detectionConfidence: -1, livenessConfidence: Number.POSITIVE_INFINITY }).confidence,
    ).toBe(0);
    const manyPenalties = withSignals(
      ...Array.from({ length: 40 }, () => documentSignal('SCREEN_RECAPTURE_SUSPECTED', 'authenticity', 'low')),
    );
    expect(decide(manyPenalties).confidence).toBe(0);
  });

  it('names, on every line a rule fired on, the first such rule, and ends with the deciding rule', () => {
    const decision = decide({
      ...withSignals(recordedUpload('DOCUMENT_MIXING_SUSPECTED')),
      duplicateSuspected: true,
      faceMatchStatus: 'LOW_SCORE',
      faceMatchScore: 0.4,
    });
    const ruleOf = (signal: string) => decision.explanation.find((e) => e.signal === signal)?.rule;
    expect(ruleOf('upload:DOCUMENT_MIXING_SUSPECTED')).toBe('recorded_upload_problem');
    expect(ruleOf('duplicate_suspected')).toBe('duplicate_suspected');
    expect(ruleOf('face_match_status:LOW_SCORE')).toBe('face_match_low_score');
    expect(ruleOf('confidence')).toBe('confidence_below_threshold');
    expect(decision.explanation.at(-1)).toEqual({
      signal: 'outcome:manual_review',
      value: decision.confidence,
      weight: 0,
      rule: 'recorded_upload_problem',
    });
  });

  it('has one rule per id, in the order failed, action_required, manual_review', () => {
    const ids = RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    const rank = { failed: 0, action_required: 1, manual_review: 2 };
    const ranks = RULES.map((rule) => rank[rule.outcome]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (const rule of RULES) {
      expect(Boolean(rule.failureReason)).toBe(rule.outcome === 'failed');
      expect(Boolean(rule.nextAction)).toBe(rule.outcome === 'action_required');
    }
  });

  it('is the rule table and defaults docs/scoring-policy.md shows', () => {
    const doc = readFileSync(path.join(__dirname, '../../../../docs/scoring-policy.md'), 'utf8');
    const documented = [...doc.matchAll(/^\| (\d+) \| `([a-z_]+)` \| (\w+)/gm)].map((row) => [Number(row[1]), row[2], row[3]]);
    expect(documented).toEqual(RULES.map((rule, index) => [index + 1, rule.id, rule.outcome]));
    const { weights } = DEFAULT_POLICY_SETTINGS;
    expect(doc).toContain(`| \`autoApproveThreshold\` | ${DEFAULT_POLICY_SETTINGS.autoApproveThreshold} |`);
    expect(doc).toContain(
      `{ detectionConfidence: ${weights.detectionConfidence}, faceMatchScore: ${weights.faceMatchScore}, livenessConfidence: ${weights.livenessConfidence} }`,
    );
  });
});
