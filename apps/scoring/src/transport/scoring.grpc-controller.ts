import { Controller } from '@nestjs/common';
import { projectEnvironments, scoring } from '@kyc/contracts';
import { requireWire } from '@kyc/grpc';
import { ScoringAdministration } from '../application/scoring-administration';
import { DEFAULT_POLICY } from '../domain/policy-settings';
import { decide } from '../domain/scoring-policy';
import { DecisionRepository } from '../infrastructure/decision.repository';
import { PolicyRepository } from '../infrastructure/policy.repository';
import { fromWireOverrides, toWirePolicy, toWireStoredDecision } from './admin-wire';
import { toScoringInput, toWireDecision } from './decision-wire';

@Controller()
@scoring.ScoringServiceControllerMethods()
export class ScoringGrpcController implements scoring.ScoringServiceController {
  private readonly administration: ScoringAdministration;

  constructor(
    private readonly decisions: DecisionRepository,
    private readonly policies: PolicyRepository,
  ) {
    this.administration = new ScoringAdministration(policies, decisions);
  }

  async decide(request: scoring.DecideRequest): Promise<scoring.Decision> {
    const input = toScoringInput(request);
    // Test-mode personas read no policy: skip the round trip.
    const policy = request.testMode ? DEFAULT_POLICY : await this.policies.policyFor(request.projectId, input.environment);
    const decision = decide(input, policy);
    await this.decisions.save({
      sessionId: request.sessionId,
      attemptId: request.attemptId,
      projectId: request.projectId,
      environment: input.environment,
      decision,
    });
    return toWireDecision(decision);
  }

  async getPolicy(request: scoring.PolicyRef): Promise<scoring.Policy> {
    return toWirePolicy(
      await this.administration.getPolicy(request.projectId, requireWire(projectEnvironments, request.environment, 'environment')),
    );
  }

  async setPolicy(request: scoring.SetPolicyRequest): Promise<scoring.Policy> {
    return toWirePolicy(
      await this.administration.setPolicy(
        request.projectId,
        requireWire(projectEnvironments, request.environment, 'environment'),
        fromWireOverrides(request.overrides),
      ),
    );
  }

  async listDecisions(request: scoring.ListDecisionsRequest): Promise<scoring.ListDecisionsResponse> {
    const records = await this.administration.listDecisions(request.projectId, request.sessionId);
    return { decisions: records.map(toWireStoredDecision) };
  }
}
