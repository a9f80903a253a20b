import { Body, Controller, Get, Param, Put, UseGuards } from '@nestjs/common';
import { ServiceClients } from '../../../infrastructure/service-clients';
import { AdminTokenGuard } from '../admin-token.guard';
import { scoringPolicyBody } from '../request-schemas';
import { InProject, InProjectEnvironment, type ProjectEnvironmentScope, type ProjectScope, onWire } from './project-scope.pipe';
import { presentScoringPolicy, presentStoredDecision } from './scoring-presenters';

/** A project environment's scoring policy, and the stored decisions of a session. */
@Controller('admin/v1/projects/:projectId')
@UseGuards(AdminTokenGuard)
export class ScoringAdminController {
  constructor(private readonly clients: ServiceClients) {}

  /** test is accepted here so that the scoring service answers why it has no policy (personas decide). */
  @Get('environments/:environment/scoring-policy')
  async getScoringPolicy(@InProjectEnvironment() scope: ProjectEnvironmentScope) {
    return presentScoringPolicy(await this.clients.scoring.getPolicy(onWire(scope)));
  }

  /** Replaces the whole override set: a setting left out goes back to its default, `{}` resets. */
  @Put('environments/:environment/scoring-policy')
  async setScoringPolicy(@InProjectEnvironment() scope: ProjectEnvironmentScope, @Body() rawBody: unknown) {
    // No `?? {}`: a request without a body must not reset a policy by accident.
    const body = scoringPolicyBody.parse(rawBody);
    const overrides = {
      autoApproveThreshold: body.autoApproveThreshold,
      weights: body.weights,
      lowSeverityPenalty: body.lowSeverityPenalty,
      duplicates: body.duplicates,
    };
    return presentScoringPolicy(await this.clients.scoring.setPolicy({ ...onWire(scope), overrides }));
  }

  /** For reviewers and operators: the stored explanation with internal codes and details. */
  @Get('sessions/:sessionId/decisions')
  async listDecisions(@InProject() scope: ProjectScope, @Param('sessionId') sessionId: string) {
    const { decisions } = await this.clients.scoring.listDecisions({ projectId: scope.projectId, sessionId });
    return { decisions: decisions.map(presentStoredDecision) };
  }
}
