import type { DataSource } from '@kyc/persistence';
import type { FailureWindow } from '../domain/admin-auth-throttle';

/**
 * Where failed admin authentications are counted, shared by every gateway replica. PostgreSQL
 * today (one row per subject and window, counted by INSERT ... ON CONFLICT); a store such as Redis
 * may replace it.
 */
export interface AdminAuthFailureStore {
  /** The current window of each subject that has failures in it. */
  current(subjects: readonly string[], windowSeconds: number): Promise<FailureWindow[]>;
  record(subjects: readonly string[], windowSeconds: number): Promise<void>;
}

export const ADMIN_AUTH_FAILURE_STORE = Symbol('ADMIN_AUTH_FAILURE_STORE');

const WINDOW_START = `to_timestamp(floor(extract(epoch FROM now()) / $2) * $2)`;

export class PostgresAdminAuthFailureStore implements AdminAuthFailureStore {
  constructor(private readonly dataSource: DataSource) {}

  current(subjects: readonly string[], windowSeconds: number): Promise<FailureWindow[]> {
    return this.dataSource.query(
      `SELECT subject, failures, window_started_at AS "windowStartedAt", now() AS "observedAt"
         FROM gateway.admin_auth_failures WHERE subject = ANY($1) AND window_started_at = ${WINDOW_START}`,
      [subjects, windowSeconds],
    );
  }

  /** Failures are rare, so each one also clears windows that ended: the table holds only live windows. */
  async record(subjects: readonly string[], windowSeconds: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO gateway.admin_auth_failures AS f (subject, window_started_at, failures)
       SELECT s, ${WINDOW_START}, 1 FROM unnest($1::text[]) AS s
       ON CONFLICT (subject, window_started_at) DO UPDATE SET failures = f.failures + 1`,
      [subjects, windowSeconds],
    );
    await this.dataSource.query(`DELETE FROM gateway.admin_auth_failures WHERE window_started_at < now() - make_interval(secs => $1)`, [
      windowSeconds,
    ]);
  }
}
