import type { DataSource } from '@kyc/persistence';
import type { DecisionResult } from '../domain/scoring-policy';

export class DecisionRepository {
  constructor(private readonly dataSource: DataSource) {}

  async save(input: { sessionId: string; attemptId: string; projectId: string; decision: DecisionResult }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO scoring.decisions (session_id, attempt_id, project_id, outcome, confidence, issue_codes, explanation) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [input.sessionId, input.attemptId, input.projectId, input.decision.outcome, input.decision.confidence, JSON.stringify(input.decision.issueCodes), JSON.stringify(input.decision.explanation)],
    );
  }
}
