import {
  type EnvironmentName,
  evidenceScopes,
  faceMatchStatuses,
  projectEnvironments,
  type scoring,
  severities,
  signalKinds,
  signalSources,
  verificationOutcomes,
} from '@kyc/contracts';
import { requireWire } from '@kyc/grpc';
import type { DecisionResult, ScoringInput } from '../domain/scoring-policy';

/** A Decide request as the scoring policy reads it; a finding's unset fields become null. */
export function toScoringInput(request: scoring.DecideRequest): ScoringInput & { environment: EnvironmentName } {
  return {
    ...request,
    environment: requireWire(projectEnvironments, request.environment, 'environment'),
    faceMatchStatus: faceMatchStatuses.fromWire(request.faceMatchStatus),
    signals: request.signals.map((signal) => ({
      ...signal,
      source: signalSources.fromWire(signal.source),
      kind: signalKinds.fromWire(signal.kind),
      severity: severities.fromWire(signal.severity),
      side: evidenceScopes.fromWire(signal.side),
    })),
  };
}

/**
 * The wire decision: the stored explanation keeps each signal's raw code and detail for reviewers;
 * the reply carries only signal, value, weight and rule.
 */
export function toWireDecision(decision: DecisionResult): scoring.Decision {
  return {
    outcome: verificationOutcomes.toWire(decision.outcome),
    confidence: decision.confidence,
    issueCodes: decision.issueCodes,
    nextAction: decision.nextAction,
    failureReason: decision.failureReason,
    rejectionReason: decision.rejectionReason,
    reviewedBy: decision.reviewedBy,
    explanation: decision.explanation.map(({ signal, value, weight, rule }) => ({ signal, value, weight, rule })),
  };
}
