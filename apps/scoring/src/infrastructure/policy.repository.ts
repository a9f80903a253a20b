import type { DataSource } from '@kyc/persistence';
import {
  type AppliedPolicy,
  applyOverrides,
  assertPolicyScope,
  DEFAULT_POLICY,
  type PolicyEnvironment,
  type PolicyOverrides,
  policyScopeProblems,
  validatePolicyOverrides,
} from '../domain/policy-settings';

interface PolicyRow {
  auto_approve_threshold: number | null;
  detection_confidence_weight: number | null;
  face_match_score_weight: number | null;
  liveness_confidence_weight: number | null;
  low_severity_penalty: number | null;
  duplicates: string | null;
  version: number;
  updated_at: Date;
}

export interface StoredPolicy {
  projectId: string;
  environment: PolicyEnvironment;
  overrides: PolicyOverrides;
  /** 1 on the first write, then one more per write. */
  version: number;
  updatedAt: string;
}

/** The scoring.policies table: one row of overrides per project environment that has any. */
export class PolicyRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(projectId: string, environment: string): Promise<StoredPolicy | null> {
    assertPolicyScope(projectId, environment);
    const rows: PolicyRow[] = await this.dataSource.query(`SELECT * FROM scoring.policies WHERE project_id = $1 AND environment = $2`, [
      projectId,
      environment,
    ]);
    return rows.length ? toStoredPolicy(projectId, environment, rows[0]) : null;
  }

  /**
   * The policy a decision of this project environment runs with. Environments that cannot have a
   * policy (test, or a caller that sent none) run with the defaults rather than failing the submit.
   */
  async policyFor(projectId: string, environment: string): Promise<AppliedPolicy> {
    if (policyScopeProblems(projectId, environment).length) return DEFAULT_POLICY;
    const stored = await this.find(projectId, environment);
    return stored ? applyOverrides(stored.overrides, stored.version) : DEFAULT_POLICY;
  }

  /** Replaces the environment's overrides (PUT semantics: a setting left out goes back to its default). */
  async save(projectId: string, environment: string, rawOverrides: unknown): Promise<StoredPolicy> {
    assertPolicyScope(projectId, environment);
    const overrides = validatePolicyOverrides(rawOverrides);
    const rows: PolicyRow[] = await this.dataSource.query(
      `INSERT INTO scoring.policies (project_id, environment, auto_approve_threshold, detection_confidence_weight, face_match_score_weight,
                                     liveness_confidence_weight, low_severity_penalty, duplicates, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1)
       ON CONFLICT (project_id, environment) DO UPDATE SET
         auto_approve_threshold = EXCLUDED.auto_approve_threshold,
         detection_confidence_weight = EXCLUDED.detection_confidence_weight,
         face_match_score_weight = EXCLUDED.face_match_score_weight,
         liveness_confidence_weight = EXCLUDED.liveness_confidence_weight,
         low_severity_penalty = EXCLUDED.low_severity_penalty,
         duplicates = EXCLUDED.duplicates,
         version = scoring.policies.version + 1,
         updated_at = now()
       RETURNING *`,
      [
        projectId,
        environment,
        overrides.autoApproveThreshold ?? null,
        overrides.weights?.detectionConfidence ?? null,
        overrides.weights?.faceMatchScore ?? null,
        overrides.weights?.livenessConfidence ?? null,
        overrides.lowSeverityPenalty ?? null,
        overrides.duplicates ?? null,
      ],
    );
    return toStoredPolicy(projectId, environment, rows[0]);
  }
}

function toStoredPolicy(projectId: string, environment: PolicyEnvironment, row: PolicyRow): StoredPolicy {
  const raw: Record<string, unknown> = {};
  if (row.auto_approve_threshold !== null) raw.autoApproveThreshold = row.auto_approve_threshold;
  if (row.low_severity_penalty !== null) raw.lowSeverityPenalty = row.low_severity_penalty;
  if (row.duplicates !== null) raw.duplicates = row.duplicates;
  if (row.detection_confidence_weight !== null || row.face_match_score_weight !== null || row.liveness_confidence_weight !== null) {
    raw.weights = {
      detectionConfidence: row.detection_confidence_weight,
      faceMatchScore: row.face_match_score_weight,
      livenessConfidence: row.liveness_confidence_weight,
    };
  }
  // The table's checks make this a formality; it keeps the typed value honest all the same.
  return { projectId, environment, overrides: validatePolicyOverrides(raw), version: row.version, updatedAt: row.updated_at.toISOString() };
}
