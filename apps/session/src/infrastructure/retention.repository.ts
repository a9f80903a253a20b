import { type DataSource, returnedRows } from '@kyc/persistence';
import { CLOSED_STATUSES } from '../domain/session-status';

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

  /**
   * Clears the personal fields of sessions closed for good (completed, rejected, superseded,
   * expired) whose last change is older than `endedBefore`: the client metadata, the e-mail and
   * the device data (IP, user agent) on the session; the extracted data and the identity key on
   * its attempts. The rows stay as tombstones (status, dates, decision figures, issue codes) for
   * billing, counts and the audit log. A completion is cleared only once its face was purged
   * (the project's biometric retention): until then vault reuse and the duplicate index compare
   * against it and need its identity. Returns how many sessions were cleared.
   */
  async clearEndedSessions(endedBefore: Date, batchSize = 500): Promise<number> {
    let cleared = 0;
    for (;;) {
      const rows = returnedRows(
        await this.dataSource.query(
          `WITH due AS (
             SELECT s.id FROM session.sessions s
              WHERE s.status IN (${CLOSED_STATUSES_SQL}) AND s.personal_data_cleared_at IS NULL AND s.updated_at < $1
                AND (s.status <> 'completed' OR EXISTS (
                      SELECT 1 FROM session.purge_requests p
                       WHERE p.session_id = s.id AND p.target = 'biometrics' AND p.purged_at IS NOT NULL
                         AND p.through_generation >= s.data_generation))
              ORDER BY s.updated_at LIMIT $2 FOR UPDATE SKIP LOCKED),
           attempts AS (
             UPDATE session.attempts a SET extracted_data = NULL, identity_key = NULL
               FROM due WHERE a.session_id = due.id AND (a.extracted_data IS NOT NULL OR a.identity_key IS NOT NULL) RETURNING 1)
           UPDATE session.sessions s SET client_metadata = '{}', email = NULL, device_data = '{}', personal_data_cleared_at = now()
             FROM due WHERE s.id = due.id RETURNING s.id`,
          [endedBefore, batchSize],
        ),
      ).length;
      cleared += rows;
      if (rows < batchSize) return cleared;
    }
  }

  /**
   * Deletes consent records (IP address, user agent, wording) older than `createdBefore` whose
   * session was already cleared: the consent outlives every use of the data it covers. The
   * table's trigger refuses deleting one younger than 365 days, whatever this is asked.
   */
  async pruneConsents(createdBefore: Date, batchSize = 5_000): Promise<number> {
    let pruned = 0;
    for (;;) {
      const deleted = returnedRows(
        await this.dataSource.query(
          `DELETE FROM session.consents WHERE id IN (
             SELECT c.id FROM session.consents c JOIN session.sessions s ON s.id = c.session_id
              WHERE c.created_at < $1 AND s.personal_data_cleared_at IS NOT NULL LIMIT $2)
           RETURNING 1`,
          [createdBefore, batchSize],
        ),
      ).length;
      pruned += deleted;
      if (deleted < batchSize) return pruned;
    }
  }
}

const CLOSED_STATUSES_SQL = CLOSED_STATUSES.map((status) => `'${status}'`).join(', ');
