import { ErrorCode } from '@kyc/errors';
import { toKycError } from './error-mapping';
import { scoringPolicyBody } from './request-schemas';

describe('scoringPolicyBody', () => {
  const weights = { detectionConfidence: 0.2, faceMatchScore: 0.6, livenessConfidence: 0.2 };

  it('accepts any subset of the settings, {} included (a reset)', () => {
    expect(scoringPolicyBody.parse({})).toEqual({});
    expect(scoringPolicyBody.parse({ autoApproveThreshold: 0.85, weights, lowSeverityPenalty: 0, duplicates: 'allow' })).toEqual({
      autoApproveThreshold: 0.85,
      weights,
      lowSeverityPenalty: 0,
      duplicates: 'allow',
    });
  });

  it('leaves ranges to the scoring service, which lists every problem at once', () => {
    expect(scoringPolicyBody.parse({ autoApproveThreshold: 1.5, weights: { ...weights, faceMatchScore: 0.9 } })).toMatchObject({
      autoApproveThreshold: 1.5,
    });
  });

  it.each([
    ['an unknown setting', { threshold: 0.8 }, '(body)'],
    ['an unknown weight', { weights: { ...weights, documentAge: 0 } }, 'weights'],
    ['a partial set of weights', { weights: { faceMatchScore: 1 } }, 'weights.detectionConfidence'],
    ['a number as a string', { autoApproveThreshold: '0.8' }, 'autoApproveThreshold'],
    ['null for a setting', { lowSeverityPenalty: null }, 'lowSeverityPenalty'],
    ['another duplicates handling', { duplicates: 'ignore' }, 'duplicates'],
  ])('refuses %s with VALIDATION_FAILED naming the field', (_case, body, field) => {
    const result = scoringPolicyBody.safeParse(body);
    expect(result.success).toBe(false);
    const { error } = toKycError(result.error);
    expect(error.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(error.details).toMatchObject({ fields: expect.arrayContaining([expect.objectContaining({ field })]) });
  });

  it('refuses a missing body rather than resetting the policy', () => {
    expect(scoringPolicyBody.safeParse(undefined).success).toBe(false);
  });
});
