import type { scoring } from '@kyc/contracts';
import { presentScoringPolicy, presentStoredDecision } from './scoring-presenters';

/** Messages as the gRPC loader hands them over: null for absent messages, `_name` markers for set optionals. */
const defaults = {
  autoApproveThreshold: 0.8,
  weights: { detectionConfidence: 0.3, faceMatchScore: 0.5, livenessConfidence: 0.2 },
  lowSeverityPenalty: 0.05,
  duplicates: 'review',
};
const fromLoader = <T>(message: object): T => message as T;

describe(presentScoringPolicy.name, () => {
  it('shows only what is overridden, without loader markers, and null for a policy never set', () => {
    const policy = fromLoader<scoring.Policy>({
      projectId: 'p1',
      environment: 'PROJECT_ENVIRONMENT_SANDBOX',
      revision: 1,
      version: 2,
      overrides: {
        weights: null,
        autoApproveThreshold: 0,
        _autoApproveThreshold: 'autoApproveThreshold',
        duplicates: 'allow',
        _duplicates: 'duplicates',
      },
      effective: { ...defaults, autoApproveThreshold: 0, duplicates: 'allow' },
      defaults,
      updatedAt: '2026-11-23T12:00:00.000Z',
    });
    expect(presentScoringPolicy(policy)).toEqual({
      projectId: 'p1',
      environment: 'sandbox',
      revision: 1,
      version: 2,
      overrides: { autoApproveThreshold: 0, duplicates: 'allow' },
      effective: { ...defaults, autoApproveThreshold: 0, duplicates: 'allow' },
      defaults,
      updatedAt: '2026-11-23T12:00:00.000Z',
    });
    expect(
      presentScoringPolicy(
        fromLoader<scoring.Policy>({
          projectId: 'p1',
          environment: 'PROJECT_ENVIRONMENT_LIVE',
          revision: 1,
          version: 0,
          overrides: { weights: null },
          effective: defaults,
          defaults,
          updatedAt: '',
        }),
      ),
    ).toMatchObject({ version: 0, overrides: {}, updatedAt: null });
  });
});

describe(presentStoredDecision.name, () => {
  const line = {
    signal: 'face_match_score',
    value: 0.9,
    weight: 0.5,
    rule: 'weighted into confidence',
    code: '',
    source: 'SIGNAL_SOURCE_UNSPECIFIED',
    kind: 'SIGNAL_KIND_UNSPECIFIED',
    severity: 'SEVERITY_UNSPECIFIED',
    side: 'EVIDENCE_SCOPE_UNSPECIFIED',
    detail: '',
  };
  const finding = {
    signal: 'document:SPECIMEN_DOCUMENT',
    value: 1,
    weight: 0,
    rule: 'authenticity_signal',
    code: 'SPECIMEN_DOCUMENT',
    source: 'SIGNAL_SOURCE_DOCUMENT',
    kind: 'SIGNAL_KIND_AUTHENTICITY',
    severity: 'SEVERITY_HIGH',
    side: 'EVIDENCE_SCOPE_MAIN',
    detail: 'SPECIMEN printed',
  };
  const presentedFinding = { ...finding, source: 'document', kind: 'authenticity', severity: 'high', side: 'main' };

  it('keeps the raw finding on signal lines only, and the policy without defaults', () => {
    const decision = fromLoader<scoring.StoredDecision>({
      id: 'd1',
      sessionId: 's1',
      attemptId: 'a1',
      environment: 'PROJECT_ENVIRONMENT_SANDBOX',
      outcome: 'VERIFICATION_OUTCOME_MANUAL_REVIEW',
      confidence: 0.915,
      issueCodes: ['GENERIC_REVIEW'],
      nextAction: '',
      failureReason: '',
      ruleFired: 'authenticity_signal',
      explanation: [line, finding],
      policy: {
        projectId: 'p1',
        environment: 'PROJECT_ENVIRONMENT_SANDBOX',
        revision: 1,
        version: 0,
        overrides: { weights: null },
        effective: defaults,
        defaults: null,
        updatedAt: '',
      },
      createdAt: '2026-11-23T12:00:00.000Z',
    });
    expect(presentStoredDecision(decision)).toEqual({
      id: 'd1',
      sessionId: 's1',
      attemptId: 'a1',
      environment: 'sandbox',
      outcome: 'manual_review',
      confidence: 0.915,
      issueCodes: ['GENERIC_REVIEW'],
      nextAction: null,
      failureReason: null,
      ruleFired: 'authenticity_signal',
      explanation: [{ signal: 'face_match_score', value: 0.9, weight: 0.5, rule: 'weighted into confidence' }, presentedFinding],
      policy: { revision: 1, version: 0, overrides: {}, effective: defaults },
      createdAt: '2026-11-23T12:00:00.000Z',
    });
  });

  it('answers null for the policy of a test-mode persona', () => {
    const decision = fromLoader<scoring.StoredDecision>({
      id: 'd2',
      sessionId: 's1',
      attemptId: 'a2',
      environment: 'PROJECT_ENVIRONMENT_TEST',
      outcome: 'VERIFICATION_OUTCOME_COMPLETED',
      confidence: 0.97,
      issueCodes: [],
      nextAction: '',
      failureReason: '',
      ruleFired: 'test_mode_persona',
      explanation: [],
      policy: null,
      createdAt: '2026-11-23T12:00:00.000Z',
    });
    expect(presentStoredDecision(decision)).toMatchObject({ ruleFired: 'test_mode_persona', policy: null });
  });
});
