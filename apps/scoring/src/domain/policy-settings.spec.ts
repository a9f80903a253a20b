import { ErrorCode, KycError } from '@kyc/errors';
import {
  applyOverrides,
  assertPolicyScope,
  DEFAULT_POLICY_SETTINGS,
  POLICY_REVISION,
  resolvePolicySettings,
  validatePolicyOverrides,
} from './policy-settings';

function validationMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(KycError);
    expect((error as KycError).code).toBe(ErrorCode.VALIDATION_FAILED);
    return (error as KycError).message;
  }
  throw new Error('expected a validation error');
}

describe('scoring policy settings', () => {
  it('has defaults whose weights add up to 1', () => {
    const { weights } = DEFAULT_POLICY_SETTINGS;
    expect(weights.detectionConfidence + weights.faceMatchScore + weights.livenessConfidence).toBeCloseTo(1, 10);
    expect(resolvePolicySettings(null)).toEqual(DEFAULT_POLICY_SETTINGS);
    expect(resolvePolicySettings({})).toEqual(DEFAULT_POLICY_SETTINGS);
  });

  it('overrides only what the project sets', () => {
    expect(resolvePolicySettings({ autoApproveThreshold: 0.9, duplicates: 'allow' })).toEqual({
      ...DEFAULT_POLICY_SETTINGS,
      autoApproveThreshold: 0.9,
      duplicates: 'allow',
    });
    const weights = { detectionConfidence: 0.2, faceMatchScore: 0.6, livenessConfidence: 0.2 };
    expect(resolvePolicySettings({ weights, lowSeverityPenalty: 0 })).toEqual({
      ...DEFAULT_POLICY_SETTINGS,
      weights,
      lowSeverityPenalty: 0,
    });
    expect(applyOverrides({ autoApproveThreshold: 0.85 }, 4)).toEqual({
      revision: POLICY_REVISION,
      settings: { ...DEFAULT_POLICY_SETTINGS, autoApproveThreshold: 0.85 },
      overrides: { autoApproveThreshold: 0.85 },
      overridesVersion: 4,
    });
  });

  it('accepts the bounds of every range', () => {
    expect(validatePolicyOverrides({ autoApproveThreshold: 0, lowSeverityPenalty: 1 })).toEqual({
      autoApproveThreshold: 0,
      lowSeverityPenalty: 1,
    });
    expect(validatePolicyOverrides({ autoApproveThreshold: 1 })).toEqual({ autoApproveThreshold: 1 });
    // Decimal weights that add up to 1 only approximately in binary floating point.
    expect(
      validatePolicyOverrides({ weights: { detectionConfidence: 0.1, faceMatchScore: 0.7, livenessConfidence: 0.2 } }).weights,
    ).toBeDefined();
  });

  it.each([-0.01, 1.01, Number.NaN, Number.POSITIVE_INFINITY, '0.8', null])('rejects the threshold %p', (autoApproveThreshold) => {
    expect(validationMessage(() => validatePolicyOverrides({ autoApproveThreshold }))).toContain(
      'autoApproveThreshold must be a number in [0, 1]',
    );
  });

  it('rejects a penalty outside [0,1] and an unknown duplicate handling', () => {
    expect(validationMessage(() => validatePolicyOverrides({ lowSeverityPenalty: -0.05 }))).toContain('lowSeverityPenalty');
    expect(validationMessage(() => validatePolicyOverrides({ duplicates: 'fail' }))).toContain('duplicates must be one of review, allow');
  });

  it('wants all three weights, each in [0,1], adding up to 1', () => {
    expect(validationMessage(() => validatePolicyOverrides({ weights: { faceMatchScore: 1 } }))).toContain(
      'weights.detectionConfidence must be a number in [0, 1] (all three weights are required)',
    );
    expect(
      validationMessage(() =>
        validatePolicyOverrides({ weights: { detectionConfidence: 0.5, faceMatchScore: 0.5, livenessConfidence: 0.5 } }),
      ),
    ).toContain('weights must add up to 1, got 1.5');
    expect(
      validationMessage(() =>
        validatePolicyOverrides({ weights: { detectionConfidence: -0.5, faceMatchScore: 1, livenessConfidence: 0.5 } }),
      ),
    ).toContain('weights.detectionConfidence');
    expect(
      validationMessage(() =>
        validatePolicyOverrides({ weights: { detectionConfidence: 0.3, faceMatchScore: 0.5, livenessConfidence: 0.2, documentAge: 0 } }),
      ),
    ).toContain('unknown weight "documentAge"');
    expect(validationMessage(() => validatePolicyOverrides({ weights: [0.3, 0.5, 0.2] }))).toContain('weights must be an object');
  });

  it('rejects unknown settings and non-objects, listing every problem at once', () => {
    const message = validationMessage(() => validatePolicyOverrides({ autoApproveThreshold: 2, threshold: 0.8, duplicates: 'fail' }));
    expect(message).toContain('unknown setting "threshold"');
    expect(message).toContain('autoApproveThreshold');
    expect(message).toContain('duplicates');
    for (const raw of [null, 'x', 3, []])
      expect(validationMessage(() => validatePolicyOverrides(raw))).toBe('invalid scoring policy: policy overrides must be an object');
  });

  it('keeps policies to sandbox and live of a project given by id', () => {
    expect(() => assertPolicyScope('3f2b8c1e-4d5a-4e6f-8a9b-0c1d2e3f4a5b', 'sandbox')).not.toThrow();
    expect(() => assertPolicyScope('3f2b8c1e-4d5a-4e6f-8a9b-0c1d2e3f4a5b', 'live')).not.toThrow();
    expect(validationMessage(() => assertPolicyScope('3f2b8c1e-4d5a-4e6f-8a9b-0c1d2e3f4a5b', 'test'))).toContain(
      'environment must be sandbox or live',
    );
    expect(validationMessage(() => assertPolicyScope('project-1', 'live'))).toContain('projectId must be a UUID');
  });
});
