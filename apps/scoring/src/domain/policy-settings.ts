import { ErrorCode, KycError } from '@kyc/errors';

/**
 * The tunable part of the decision policy. The rules themselves (scoring-policy.ts) are the same
 * for every project; a project environment may only move the auto-approval threshold, re-weight
 * the confidence, change the penalty of low-severity authenticity signals and decide whether a
 * suspected duplicate needs a review.
 */
export interface ConfidenceWeights {
  /** Lowest document detection confidence over the sides. */
  detectionConfidence: number;
  /** Calibrated face match score (0.5 = the face library's match threshold). */
  faceMatchScore: number;
  livenessConfidence: number;
}

export type DuplicateHandling = 'review' | 'allow';

export interface PolicySettings {
  /** Confidence at or above which an attempt without findings is approved automatically. */
  autoApproveThreshold: number;
  weights: ConfidenceWeights;
  /** Subtracted from the confidence once per low-severity authenticity signal. */
  lowSeverityPenalty: number;
  /** `review`: a suspected duplicate goes to manual_review; `allow`: it is only recorded. */
  duplicates: DuplicateHandling;
}

/** What a project environment overrides; anything absent comes from DEFAULT_POLICY_SETTINGS. */
export type PolicyOverrides = Partial<PolicySettings>;

/**
 * Bumped whenever a rule or a default changes, and stored with every decision, so a reviewer can
 * tell which policy judged an attempt.
 */
export const POLICY_REVISION = 1;

/**
 * Defaults, on the figures the analysis libraries produce: a valid MRZ gives a detection
 * confidence of 0.95, a live selfie a liveness confidence of at least 0.5, a face match at the
 * MATCHED threshold (distance 0.595, @kyc/face MATCH_CALIBRATION) a score of 0.7 (a typical genuine
 * pair 0.9 and more). The face match carries half the weight because it is what ties the person
 * to the document; liveness weighs least because a spoof is already refused at upload (KYC_008b).
 * With these, a valid document (0.95) and a confident live selfie (0.9) need a face score of about
 * 0.67 (distance ≈ 0.60, just past the MATCHED threshold) to reach 0.8; a weaker document or
 * liveness figure sends matches near the threshold to a reviewer.
 */
export const DEFAULT_POLICY_SETTINGS: PolicySettings = Object.freeze({
  autoApproveThreshold: 0.8,
  weights: Object.freeze({ detectionConfidence: 0.3, faceMatchScore: 0.5, livenessConfidence: 0.2 }),
  lowSeverityPenalty: 0.05,
  duplicates: 'review',
});

/** Environments with a policy: test mode follows its personas and never reads one. */
export type PolicyEnvironment = 'sandbox' | 'live';

const WEIGHT_NAMES = ['detectionConfidence', 'faceMatchScore', 'livenessConfidence'] as const;
const OVERRIDE_KEYS = new Set(['autoApproveThreshold', 'weights', 'lowSeverityPenalty', 'duplicates']);
const DUPLICATE_HANDLINGS: readonly DuplicateHandling[] = ['review', 'allow'];
/** Weights must add up to 1 so the confidence stays in [0,1]; this absorbs decimal rounding. */
const WEIGHT_SUM_TOLERANCE = 1e-6;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuid columns: anything else is the caller's mistake, not a database error. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** Why this project environment cannot have a policy; empty when it can. */
export function policyScopeProblems(projectId: string, environment: string): string[] {
  const problems: string[] = [];
  if (!isUuid(projectId)) problems.push('projectId must be a UUID');
  if (environment !== 'sandbox' && environment !== 'live') {
    problems.push(`environment must be sandbox or live (test mode follows its personas), got "${environment}"`);
  }
  return problems;
}

export function assertPolicyScope(projectId: string, environment: string): asserts environment is PolicyEnvironment {
  const problems = policyScopeProblems(projectId, environment);
  if (problems.length) throw new KycError(ErrorCode.VALIDATION_FAILED, problems.join('; '), { problems });
}

const isFraction = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;

/**
 * Checks overrides as they arrive (an admin request or a stored row) and returns them typed.
 * Every problem is listed at once. Weights are all or nothing: a partial set would silently
 * change meaning whenever a default changes.
 */
export function validatePolicyOverrides(raw: unknown): PolicyOverrides {
  const { overrides, problems } = checkPolicyOverrides(raw);
  if (problems.length) throw new KycError(ErrorCode.VALIDATION_FAILED, `invalid scoring policy: ${problems.join('; ')}`, { problems });
  return overrides;
}

/**
 * The valid part of the overrides and every problem with the rest, without throwing, so a caller
 * can report these together with its own problems (an environment without a policy, say).
 */
export function checkPolicyOverrides(raw: unknown): { overrides: PolicyOverrides; problems: string[] } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { overrides: {}, problems: ['policy overrides must be an object'] };
  }
  const input = raw as Record<string, unknown>;
  const problems: string[] = [];
  const overrides: PolicyOverrides = {};
  for (const key of Object.keys(input)) {
    if (!OVERRIDE_KEYS.has(key)) problems.push(`unknown setting "${key}"`);
  }
  if (input.autoApproveThreshold !== undefined) {
    if (isFraction(input.autoApproveThreshold)) overrides.autoApproveThreshold = input.autoApproveThreshold;
    else problems.push('autoApproveThreshold must be a number in [0, 1]');
  }
  if (input.lowSeverityPenalty !== undefined) {
    if (isFraction(input.lowSeverityPenalty)) overrides.lowSeverityPenalty = input.lowSeverityPenalty;
    else problems.push('lowSeverityPenalty must be a number in [0, 1]');
  }
  if (input.duplicates !== undefined) {
    if (DUPLICATE_HANDLINGS.includes(input.duplicates as DuplicateHandling)) overrides.duplicates = input.duplicates as DuplicateHandling;
    else problems.push(`duplicates must be one of ${DUPLICATE_HANDLINGS.join(', ')}`);
  }
  if (input.weights !== undefined) {
    const weights = validateWeights(input.weights, problems);
    if (weights) overrides.weights = weights;
  }
  return { overrides, problems };
}

function validateWeights(raw: unknown, problems: string[]): ConfidenceWeights | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push(`weights must be an object with ${WEIGHT_NAMES.join(', ')}`);
    return undefined;
  }
  const given = raw as Record<string, unknown>;
  const before = problems.length;
  for (const key of Object.keys(given)) {
    if (!(WEIGHT_NAMES as readonly string[]).includes(key)) problems.push(`unknown weight "${key}"`);
  }
  for (const name of WEIGHT_NAMES) {
    if (!isFraction(given[name])) problems.push(`weights.${name} must be a number in [0, 1] (all three weights are required)`);
  }
  if (problems.length > before) return undefined;
  const weights = {
    detectionConfidence: given.detectionConfidence as number,
    faceMatchScore: given.faceMatchScore as number,
    livenessConfidence: given.livenessConfidence as number,
  };
  const sum = weights.detectionConfidence + weights.faceMatchScore + weights.livenessConfidence;
  if (Math.abs(sum - 1) > WEIGHT_SUM_TOLERANCE) {
    problems.push(`weights must add up to 1, got ${Number(sum.toFixed(6))}`);
    return undefined;
  }
  return weights;
}

/** The settings a decision runs with: the defaults, overridden where the project says so. */
export function resolvePolicySettings(overrides: PolicyOverrides | null | undefined): PolicySettings {
  const valid = validatePolicyOverrides(overrides ?? {});
  return {
    autoApproveThreshold: valid.autoApproveThreshold ?? DEFAULT_POLICY_SETTINGS.autoApproveThreshold,
    weights: { ...(valid.weights ?? DEFAULT_POLICY_SETTINGS.weights) },
    lowSeverityPenalty: valid.lowSeverityPenalty ?? DEFAULT_POLICY_SETTINGS.lowSeverityPenalty,
    duplicates: valid.duplicates ?? DEFAULT_POLICY_SETTINGS.duplicates,
  };
}

/** The policy one decision ran with, stored beside it. */
export interface AppliedPolicy {
  revision: number;
  settings: PolicySettings;
  /** What the project environment overrode ({} for none) and the version of those overrides (0: never set). */
  overrides: PolicyOverrides;
  overridesVersion: number;
}

export const DEFAULT_POLICY: AppliedPolicy = Object.freeze({
  revision: POLICY_REVISION,
  settings: DEFAULT_POLICY_SETTINGS,
  overrides: {},
  overridesVersion: 0,
});

export function applyOverrides(overrides: PolicyOverrides, overridesVersion: number): AppliedPolicy {
  return { revision: POLICY_REVISION, settings: resolvePolicySettings(overrides), overrides, overridesVersion };
}
