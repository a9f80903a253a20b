import type { EnvironmentName } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import {
  checkPolicyOverrides,
  isUuid,
  type PolicyOverrides,
  type PolicySettings,
  policyScopeProblems,
  POLICY_REVISION,
  resolvePolicySettings,
} from '../domain/policy-settings';
import type { DecisionRecord, DecisionRepository } from '../infrastructure/decision.repository';
import type { PolicyRepository, StoredPolicy } from '../infrastructure/policy.repository';

/** A project environment's policy as an operator reads it: what it overrides and what is in effect. */
export interface PolicyView {
  projectId: string;
  environment: EnvironmentName;
  revision: number;
  /** 0 when the environment never set a policy, then one more per write. */
  version: number;
  overrides: PolicyOverrides;
  effective: PolicySettings;
  defaults: PolicySettings;
  /** ISO 8601; null when never set. */
  updatedAt: string | null;
}

function failValidation(problems: string[]): never {
  throw new KycError(ErrorCode.VALIDATION_FAILED, `invalid scoring policy: ${problems.join('; ')}`, { problems });
}

function toView(projectId: string, environment: EnvironmentName, stored: StoredPolicy | null): PolicyView {
  const overrides = stored?.overrides ?? {};
  return {
    projectId,
    environment,
    revision: POLICY_REVISION,
    version: stored?.version ?? 0,
    overrides,
    effective: resolvePolicySettings(overrides),
    defaults: resolvePolicySettings({}),
    updatedAt: stored?.updatedAt ?? null,
  };
}

/**
 * The admin side of scoring (GetPolicy, SetPolicy, ListDecisions): what operators and reviewers
 * may read and change. Decisions themselves never go through here.
 */
export class ScoringAdministration {
  constructor(
    private readonly policies: PolicyRepository,
    private readonly decisions: DecisionRepository,
  ) {}

  async getPolicy(projectId: string, environment: EnvironmentName): Promise<PolicyView> {
    const problems = policyScopeProblems(projectId, environment);
    if (problems.length) failValidation(problems);
    return toView(projectId, environment, await this.policies.find(projectId, environment));
  }

  /** Replaces the overrides; the scope and every setting are checked together so one answer lists all problems. */
  async setPolicy(projectId: string, environment: EnvironmentName, rawOverrides: unknown): Promise<PolicyView> {
    const { overrides, problems } = checkPolicyOverrides(rawOverrides);
    const allProblems = [...policyScopeProblems(projectId, environment), ...problems];
    if (allProblems.length) failValidation(allProblems);
    return toView(projectId, environment, await this.policies.save(projectId, environment, overrides));
  }

  /** Newest first, with internal codes and details: for admins and reviewers only. */
  async listDecisions(projectId: string, sessionId: string): Promise<DecisionRecord[]> {
    const problems = [
      ...(isUuid(projectId) ? [] : ['projectId must be a UUID']),
      ...(isUuid(sessionId) ? [] : ['sessionId must be a UUID']),
    ];
    if (problems.length) throw new KycError(ErrorCode.VALIDATION_FAILED, problems.join('; '), { problems });
    return this.decisions.listForSession(projectId, sessionId);
  }
}
