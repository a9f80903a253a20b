import {
  environmentName,
  evidenceScopes,
  type scoring,
  severities,
  signalKinds,
  signalSources,
  verificationOutcomes,
} from '@kyc/contracts';
import type { z } from 'zod';
import type { scoringPolicyResponse, storedDecisionResponse } from '../openapi/response-schemas';

/**
 * Scoring messages → the admin API's JSON. The gRPC loader sends an absent message as null and
 * marks set optionals with `_name` keys; none of that reaches the operator.
 */

export interface PolicyOverridesJson {
  autoApproveThreshold?: number;
  weights?: { detectionConfidence: number; faceMatchScore: number; livenessConfidence: number };
  lowSeverityPenalty?: number;
  duplicates?: string;
}

const presentWeights = (weights: scoring.ConfidenceWeights) => ({
  detectionConfidence: weights.detectionConfidence,
  faceMatchScore: weights.faceMatchScore,
  livenessConfidence: weights.livenessConfidence,
});

/** Only what the environment overrides, so the answer can be sent back as a PUT body as it is. */
function presentOverrides(overrides: scoring.PolicyOverrides | null | undefined): PolicyOverridesJson {
  const presented: PolicyOverridesJson = {};
  if (!overrides) return presented;
  if (overrides.autoApproveThreshold != null) presented.autoApproveThreshold = overrides.autoApproveThreshold;
  if (overrides.weights) presented.weights = presentWeights(overrides.weights);
  if (overrides.lowSeverityPenalty != null) presented.lowSeverityPenalty = overrides.lowSeverityPenalty;
  if (overrides.duplicates != null) presented.duplicates = overrides.duplicates;
  return presented;
}

function presentSettings(settings: scoring.PolicySettings | null | undefined) {
  if (!settings) return null;
  return {
    autoApproveThreshold: settings.autoApproveThreshold,
    weights: settings.weights ? presentWeights(settings.weights) : null,
    lowSeverityPenalty: settings.lowSeverityPenalty,
    duplicates: settings.duplicates,
  };
}

export function presentScoringPolicy(policy: scoring.Policy): z.infer<typeof scoringPolicyResponse> {
  return {
    projectId: policy.projectId,
    environment: environmentName(policy.environment),
    revision: policy.revision,
    version: policy.version,
    overrides: presentOverrides(policy.overrides),
    effective: presentSettings(policy.effective),
    defaults: presentSettings(policy.defaults),
    updatedAt: policy.updatedAt || null,
  };
}

/** A line as stored; signal lines carry their raw finding (internal codes and details: admins only). */
function presentExplanationEntry(entry: scoring.StoredExplanationEntry) {
  const finding = {
    code: entry.code || null,
    source: signalSources.fromWire(entry.source),
    kind: signalKinds.fromWire(entry.kind),
    severity: severities.fromWire(entry.severity),
    side: evidenceScopes.fromWire(entry.side),
    detail: entry.detail || null,
  };
  // Lines that are not findings (weights, thresholds) carry none of these.
  const present = Object.fromEntries(Object.entries(finding).filter(([, value]) => value !== null));
  return { signal: entry.signal, value: entry.value, weight: entry.weight, rule: entry.rule, ...present };
}

export function presentStoredDecision(decision: scoring.StoredDecision): z.infer<typeof storedDecisionResponse> {
  const policy = decision.policy;
  return {
    id: decision.id,
    sessionId: decision.sessionId,
    attemptId: decision.attemptId,
    environment: environmentName(decision.environment),
    outcome: verificationOutcomes.fromWire(decision.outcome),
    confidence: decision.confidence,
    issueCodes: decision.issueCodes,
    nextAction: decision.nextAction || null,
    failureReason: decision.failureReason || null,
    ruleFired: decision.ruleFired,
    explanation: decision.explanation.map(presentExplanationEntry),
    // The settings the decision ran with; null for test-mode personas, which read no policy.
    policy: policy
      ? {
          revision: policy.revision,
          version: policy.version,
          overrides: presentOverrides(policy.overrides),
          effective: presentSettings(policy.effective),
        }
      : null,
    createdAt: decision.createdAt,
  };
}
