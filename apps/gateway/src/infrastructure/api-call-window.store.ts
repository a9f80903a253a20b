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
 *
 * Calls of one caller and class are coalesced: while a count is on its way to PostgreSQL, the calls
 * that arrive wait and are then counted together, `calls = calls + n`, each answered its own number
 * (total − n + 1 … total). Every call is still counted before it is admitted and gets a distinct
 * count, shared by every replica; what changes is that a busy project environment no longer queues
 * one UPDATE per call on its one hot row, each holding the row lock through its commit's WAL flush
 * (reports/profiles: GET uncached 35.8 → 63.8 req/s on the loaded host, PostgreSQL CPU per request
 * −46 %). A quiet caller's call goes out at once.
 */
export class PostgresApiCallWindowStore implements ApiCallWindowStore {
  private readonly pending = new Map<string, { inFlight: boolean; waiting: Array<(result: Promise<ApiCallWindow[]>) => void> }>();

  constructor(private readonly dataSource: DataSource) {}

  record(caller: ApiCaller, callClass: ApiCallClass): Promise<ApiCallWindow> {
    const key = `${caller.projectId}|${caller.environment}|${callClass}`;
    let state = this.pending.get(key);
    if (!state) this.pending.set(key, (state = { inFlight: false, waiting: [] }));
    const mine = new Promise<Promise<ApiCallWindow[]>>((resolve) => state.waiting.push(resolve));
    const position = state.waiting.length - 1;
    if (!state.inFlight) this.flush(key, caller, callClass);
    return mine.then(async (batch) => (await batch)[position]);
  }

  /** Counts everything waiting under `key` in one statement; what arrives meanwhile goes in the next. */
  private flush(key: string, caller: ApiCaller, callClass: ApiCallClass): void {
    const state = this.pending.get(key)!;
    const batch = state.waiting.splice(0);
    state.inFlight = true;
    const counted = this.count(caller, callClass, batch.length);
    for (const resolve of batch) resolve(counted);
    void counted
      .catch(() => undefined)
      .then(() => {
        state.inFlight = false;
        if (state.waiting.length) this.flush(key, caller, callClass);
        else this.pending.delete(key);
      });
  }

  private async count(caller: ApiCaller, callClass: ApiCallClass, n: number): Promise<ApiCallWindow[]> {
    const [row]: Array<ApiCallWindow> = await this.dataSource.query(
      `INSERT INTO gateway.api_call_windows AS w (project_id, environment, call_class, window_started_at, calls)
       VALUES ($1, $2, $3, to_timestamp(floor(extract(epoch FROM now()) / $4) * $4), $5)
       ON CONFLICT (project_id, environment, call_class, window_started_at) DO UPDATE SET calls = w.calls + $5
       RETURNING calls, window_started_at AS "windowStartedAt", now() AS "observedAt"`,
      [caller.projectId, caller.environment, callClass, API_RATE_WINDOW_MS / 1000, n],
    );
    return Array.from({ length: n }, (_, i) => ({ ...row, calls: Number(row.calls) - n + 1 + i }));
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
