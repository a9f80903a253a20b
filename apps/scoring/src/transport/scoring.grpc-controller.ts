import { Controller } from '@nestjs/common';
import { scoring } from '@kyc/contracts';
import { ScoringAdministration } from '../application/scoring-administration';
import { DEFAULT_POLICY } from '../domain/policy-settings';
import { decide, type DecisionResult } from '../domain/scoring-policy';
import { DecisionRepository } from '../infrastructure/decision.repository';
import { PolicyRepository } from '../infrastructure/policy.repository';
import { fromWireOverrides, toWirePolicy, toWireStoredDecision } from './admin-wire';

/**
 * The wire decision: the stored explanation keeps each signal's raw code and detail for reviewers;
 * the reply carries only signal, value, weight and rule.
 */
export function toWireDecision(decision: DecisionResult): scoring.Decision {
  return {
    outcome: decision.outcome,
    confidence: decision.confidence,
    issueCodes: decision.issueCodes,
    nextAction: decision.nextAction,
    failureReason: decision.failureReason,
    rejectionReason: decision.rejectionReason,
    reviewedBy: decision.reviewedBy,
    explanation: decision.explanation.map(({ signal, value, weight, rule }) => ({ signal, value, weight, rule })),
  };
}

@Controller()
@scoring.ScoringServiceControllerMethods()
export class ScoringGrpcController implements scoring.ScoringServiceController {
  private readonly administration: ScoringAdministration;

  constructor(private readonly decisions: DecisionRepository, private readonly policies: PolicyRepository) {
    this.administration = new ScoringAdministration(policies, decisions);
  }

  async decide(request: scoring.DecideRequest): Promise<scoring.Decision> {
    // Test-mode personas read no policy: skip the round trip.
    const policy = request.testMode ? DEFAULT_POLICY : await this.policies.policyFor(request.projectId, request.environment);
    const decision = decide(request, policy);
    await this.decisions.save({ sessionId: request.sessionId, attemptId: request.attemptId, projectId: request.projectId, environment: request.environment, decision });
    return toWireDecision(decision);
  }

  async getPolicy(request: scoring.PolicyRef): Promise<scoring.Policy> {
    return toWirePolicy(await this.administration.getPolicy(request.projectId, request.environment));
  }

  async setPolicy(request: scoring.SetPolicyRequest): Promise<scoring.Policy> {
    return toWirePolicy(await this.administration.setPolicy(request.projectId, request.environment, fromWireOverrides(request.overrides)));
  }

  async listDecisions(request: scoring.ListDecisionsRequest): Promise<scoring.ListDecisionsResponse> {
    const records = await this.administration.listDecisions(request.projectId, request.sessionId);
    return { decisions: records.map(toWireStoredDecision) };
  }
}
