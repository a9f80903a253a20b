import { Controller } from '@nestjs/common';
import { scoring } from '@kyc/contracts';
import { decide } from '../domain/scoring-policy';
import { DecisionRepository } from '../infrastructure/decision.repository';

@Controller()
@scoring.ScoringServiceControllerMethods()
export class ScoringGrpcController implements scoring.ScoringServiceController {
  constructor(private readonly decisions: DecisionRepository) {}

  async decide(request: scoring.DecideRequest): Promise<scoring.Decision> {
    const decision = decide(request);
    await this.decisions.save({ sessionId: request.sessionId, attemptId: request.attemptId, projectId: request.projectId, decision });
    return decision;
  }
}
