import { type DataSource, returnedRows } from '@kyc/persistence';
import { API_RATE_WINDOW_MS, type ApiCallClass, type ApiCallWindow } from '../domain/api-rate-limits';

/** Whose calls are counted: one project environment. */
export interface ApiCaller {
  projectId: string;
  environment: string;
}

/**
 * Where the server-side call windows live, shared by every gateway replica. `record` counts one
 * call and answers the count in its window, atomically: concurrent calls each get their own count.
 * PostgreSQL today; a store such as Redis (INCR + EXPIRE on a key per window) may replace it.
 */
export interface ApiCallWindowStore {
  record(caller: ApiCaller, callClass: ApiCallClass): Promise<ApiCallWindow>;
  /** Deletes windows that have ended; answers how many. */
  purgeEnded(): Promise<number>;
}

export const API_CALL_WINDOW_STORE = Symbol('API_CALL_WINDOW_STORE');

/**
 * Windows start on the clock minute (of PostgreSQL's clock), so one row per project environment,
 * class and minute; counting is one INSERT ... ON CONFLICT DO UPDATE.
 */
export class PostgresApiCallWindowStore implements ApiCallWindowStore {
  constructor(private readonly dataSource: DataSource) {}

  async record(caller: ApiCaller, callClass: ApiCallClass): Promise<ApiCallWindow> {
    const rows: ApiCallWindow[] = await this.dataSource.query(
      `INSERT INTO gateway.api_call_windows AS w (project_id, environment, call_class, window_started_at, calls)
       VALUES ($1, $2, $3, to_timestamp(floor(extract(epoch FROM now()) / $4) * $4), 1)
       ON CONFLICT (project_id, environment, call_class, window_started_at) DO UPDATE SET calls = w.calls + 1
       RETURNING calls, window_started_at AS "windowStartedAt", now() AS "observedAt"`,
      [caller.projectId, caller.environment, callClass, API_RATE_WINDOW_MS / 1000],
    );
    return rows[0];
  }

  async purgeEnded(): Promise<number> {
    const rows = returnedRows(
      await this.dataSource.query(
        `DELETE FROM gateway.api_call_windows WHERE window_started_at < now() - make_interval(secs => $1) RETURNING 1`,
        [(2 * API_RATE_WINDOW_MS) / 1000],
      ),
    );
    return rows.length;
  }
}
