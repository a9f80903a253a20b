import { type DataSource, returnedRows } from '@kyc/persistence';

/** What the session service deletes or hands to the purge queue once its retention window has passed (docs/retention.md). */
export class RetentionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Deletes outbox rows published before `publishedBefore` (the event bus has them); returns how many went. */
  async pruneOutbox(publishedBefore: Date, batchSize = 5_000): Promise<number> {
    let pruned = 0;
    for (;;) {
      const deleted = returnedRows(
        await this.dataSource.query(
          `DELETE FROM session.outbox WHERE id IN (SELECT id FROM session.outbox WHERE published_at < $1 LIMIT $2) RETURNING 1`,
          [publishedBefore, batchSize],
        ),
      ).length;
      pruned += deleted;
      if (deleted < batchSize) return pruned;
    }
  }

  /**
   * Queues the biometrics purge of completed verifications whose enrolled face is older than
   * their project environment's `biometric_retention_days` (counted from the decision or the
   * reviewer's approval). The purge request also makes them ineligible for vault reuse.
   * Returns the sessions queued.
   */
  async purgeExpiredFaces(now: Date, batchSize = 500): Promise<string[]> {
    const rows: { id: string }[] = returnedRows(
      await this.dataSource.query(
        `WITH due AS (
           SELECT s.id, s.data_generation FROM session.sessions s
             JOIN session.attempts a ON a.id = s.latest_attempt_id
             LEFT JOIN session.environment_settings e ON e.project_id = s.project_id AND e.environment = s.environment
            WHERE s.status = 'completed'
              AND coalesce(a.reviewed_at, a.decided_at) < $1::timestamptz - make_interval(days => coalesce(e.biometric_retention_days, 365))
              AND NOT EXISTS (SELECT 1 FROM session.purge_requests p
                               WHERE p.session_id = s.id AND p.target = 'biometrics' AND p.through_generation >= s.data_generation)
            LIMIT $2)
         INSERT INTO session.purge_requests (session_id, target, through_generation) SELECT id, 'biometrics', data_generation FROM due
         ON CONFLICT (session_id, target) DO UPDATE SET requested_at = now(), next_try_at = now(), tries = 0, purged_at = NULL, last_error = NULL,
           through_generation = GREATEST(session.purge_requests.through_generation, EXCLUDED.through_generation)
         RETURNING session_id AS id`,
        [now, batchSize],
      ),
    );
    return rows.map((row) => row.id);
  }
}
