import {
  common,
  evidenceScopes,
  projectEnvironments,
  type scoring,
  severities,
  signalKinds,
  signalSources,
  verificationOutcomes,
} from '@kyc/contracts';
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
  if (wire.autoApproveThreshold !== undefined && wire.autoApproveThreshold !== null)
    overrides.autoApproveThreshold = wire.autoApproveThreshold;
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
    environment: projectEnvironments.toWire(view.environment),
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
    environment: projectEnvironments.toWire(record.environment),
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
    environment: projectEnvironments.toWire(record.environment),
    outcome: verificationOutcomes.toWire(record.outcome),
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
      source: entry.source ? signalSources.toWire(entry.source) : common.SignalSource.SIGNAL_SOURCE_UNSPECIFIED,
      kind: entry.kind ? signalKinds.toWire(entry.kind) : common.SignalKind.SIGNAL_KIND_UNSPECIFIED,
      severity: entry.severity ? severities.toWire(entry.severity) : common.Severity.SEVERITY_UNSPECIFIED,
      side: entry.side ? evidenceScopes.toWire(entry.side) : common.EvidenceScope.EVIDENCE_SCOPE_UNSPECIFIED,
      detail: entry.detail ?? '',
    })),
    policy: record.policy ? toWireAppliedPolicy(record, record.policy) : undefined,
    createdAt: record.createdAt,
  };
}
