import type { EnvironmentName } from '@kyc/contracts';
import type { DataSource } from '@kyc/persistence';
import type { AppliedPolicy } from '../domain/policy-settings';
import type { DecisionResult, ExplanationEntry, Outcome } from '../domain/scoring-policy';

/** A stored decision, as a reviewer reads it: internal codes and details included. */
export interface DecisionRecord {
  id: string;
  sessionId: string;
  attemptId: string;
  projectId: string;
  environment: EnvironmentName;
  outcome: Outcome;
  confidence: number;
  issueCodes: string[];
  nextAction: string;
  failureReason: string;
  ruleFired: string;
  explanation: ExplanationEntry[];
  policy: AppliedPolicy | null;
  createdAt: string;
}

interface DecisionRow {
  id: string;
  session_id: string;
  attempt_id: string;
  project_id: string;
  environment: EnvironmentName;
  outcome: Outcome;
  confidence: number;
  issue_codes: string[];
  next_action: string;
  failure_reason: string;
  rule_fired: string;
  explanation: ExplanationEntry[];
  policy: AppliedPolicy | null;
  created_at: Date;
}

/** scoring.decisions: every decision with its explanation and the policy it ran with, one row per Decide call. */
export class DecisionRepository {
  constructor(private readonly dataSource: DataSource) {}

  async save(input: {
    sessionId: string;
    attemptId: string;
    projectId: string;
    environment: EnvironmentName;
    decision: DecisionResult;
  }): Promise<void> {
    const { decision } = input;
    await this.dataSource.query(
      `INSERT INTO scoring.decisions (session_id, attempt_id, project_id, environment, outcome, confidence, issue_codes, next_action, failure_reason, rule_fired, explanation, policy)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        input.sessionId,
        input.attemptId,
        input.projectId,
        input.environment,
        decision.outcome,
        decision.confidence,
        JSON.stringify(decision.issueCodes),
        decision.nextAction,
        decision.failureReason,
        decision.ruleFired,
        JSON.stringify(decision.explanation),
        decision.policy ? JSON.stringify(decision.policy) : null,
      ],
    );
  }

  /** The attempt's decision (the latest, should a retried call have decided twice). */
  async findForAttempt(attemptId: string): Promise<DecisionRecord | null> {
    const rows: DecisionRow[] = await this.dataSource.query(
      `SELECT * FROM scoring.decisions WHERE attempt_id = $1 ORDER BY created_at DESC, id LIMIT 1`,
      [attemptId],
    );
    return rows.length ? toRecord(rows[0]) : null;
  }

  /** Every decision of a session, newest first; a session of another project has none. */
  async listForSession(projectId: string, sessionId: string): Promise<DecisionRecord[]> {
    const rows: DecisionRow[] = await this.dataSource.query(
      `SELECT * FROM scoring.decisions WHERE project_id = $1 AND session_id = $2 ORDER BY created_at DESC, id`,
      [projectId, sessionId],
    );
    return rows.map(toRecord);
  }
}

function toRecord(row: DecisionRow): DecisionRecord {
  return {
    id: row.id,
    sessionId: row.session_id,
    attemptId: row.attempt_id,
    projectId: row.project_id,
    environment: row.environment,
    outcome: row.outcome,
    confidence: row.confidence,
    issueCodes: row.issue_codes,
    nextAction: row.next_action,
    failureReason: row.failure_reason,
    ruleFired: row.rule_fired,
    explanation: row.explanation,
    policy: row.policy,
    createdAt: row.created_at.toISOString(),
  };
}
