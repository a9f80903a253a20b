import type { scoring } from '@kyc/contracts';
import type { PolicyView } from '../application/scoring-administration';
import type { AppliedPolicy, PolicyOverrides, PolicySettings } from '../domain/policy-settings';
import type { DecisionRecord } from '../infrastructure/decision.repository';

/**
 * Overrides as they arrive over gRPC. The loader marks set optionals with `_name` keys and sends
 * an absent message as null; only the settings themselves go on to validation, which refuses
 * anything unknown.
 */
export function fromWireOverrides(wire: scoring.PolicyOverrides | null | undefined): Record<string, unknown> {
  if (!wire) return {};
  const overrides: Record<string, unknown> = {};
  if (wire.autoApproveThreshold !== undefined && wire.autoApproveThreshold !== null) overrides.autoApproveThreshold = wire.autoApproveThreshold;
  if (wire.weights) {
    const { detectionConfidence, faceMatchScore, livenessConfidence } = wire.weights;
    overrides.weights = { detectionConfidence, faceMatchScore, livenessConfidence };
  }
  if (wire.lowSeverityPenalty !== undefined && wire.lowSeverityPenalty !== null) overrides.lowSeverityPenalty = wire.lowSeverityPenalty;
  if (wire.duplicates !== undefined && wire.duplicates !== null) overrides.duplicates = wire.duplicates;
  return overrides;
}

function toWireOverrides(overrides: PolicyOverrides): scoring.PolicyOverrides {
  return {
    autoApproveThreshold: overrides.autoApproveThreshold,
    weights: overrides.weights ? { ...overrides.weights } : undefined,
    lowSeverityPenalty: overrides.lowSeverityPenalty,
    duplicates: overrides.duplicates,
  };
}

function toWireSettings(settings: PolicySettings): scoring.PolicySettings {
  return { ...settings, weights: { ...settings.weights } };
}

export function toWirePolicy(view: PolicyView): scoring.Policy {
  return {
    projectId: view.projectId,
    environment: view.environment,
    revision: view.revision,
    version: view.version,
    overrides: toWireOverrides(view.overrides),
    effective: toWireSettings(view.effective),
    defaults: toWireSettings(view.defaults),
    updatedAt: view.updatedAt ?? '',
  };
}

/** The policy a stored decision ran with. Its defaults were not stored, so none are sent. */
function toWireAppliedPolicy(record: DecisionRecord, policy: AppliedPolicy): scoring.Policy {
  return {
    projectId: record.projectId,
    environment: record.environment,
    revision: policy.revision,
    version: policy.overridesVersion,
    overrides: toWireOverrides(policy.overrides),
    effective: toWireSettings(policy.settings),
    defaults: undefined,
    updatedAt: '',
  };
}

export function toWireStoredDecision(record: DecisionRecord): scoring.StoredDecision {
  return {
    id: record.id,
    sessionId: record.sessionId,
    attemptId: record.attemptId,
    environment: record.environment,
    outcome: record.outcome,
    confidence: record.confidence,
    issueCodes: record.issueCodes,
    nextAction: record.nextAction,
    failureReason: record.failureReason,
    ruleFired: record.ruleFired,
    explanation: record.explanation.map((entry) => ({
      signal: entry.signal,
      value: entry.value,
      weight: entry.weight,
      rule: entry.rule,
      code: entry.code ?? '',
      source: entry.source ?? '',
      kind: entry.kind ?? '',
      severity: entry.severity ?? '',
      side: entry.side ?? '',
      detail: entry.detail ?? '',
    })),
    policy: record.policy ? toWireAppliedPolicy(record, record.policy) : undefined,
    createdAt: record.createdAt,
  };
}
