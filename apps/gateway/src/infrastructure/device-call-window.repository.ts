import { type DataSource, returnedRows } from '@kyc/persistence';
import { DEVICE_CALL_WINDOW_MS, type DeviceCallKind, type DeviceCallWindow } from '../domain/device-call-limits';

/**
 * Counts device-side calls per session and kind in the gateway schema. Counting is one
 * INSERT ... ON CONFLICT DO UPDATE, so concurrent calls on any replica each get their own count
 * and a closed window is reopened by whichever call comes first.
 */
export class DeviceCallWindowRepository {
  constructor(private readonly dataSource: DataSource) {}

  async record(sessionId: string, kind: DeviceCallKind): Promise<DeviceCallWindow> {
    const rows: Array<{ calls: number; windowStartedAt: Date }> = await this.dataSource.query(
      `INSERT INTO gateway.device_call_windows AS w (session_id, kind, window_started_at, calls) VALUES ($1, $2, now(), 1)
       ON CONFLICT (session_id, kind) DO UPDATE SET
         calls = CASE WHEN w.window_started_at <= now() - make_interval(secs => $3) THEN 1 ELSE w.calls + 1 END,
         window_started_at = CASE WHEN w.window_started_at <= now() - make_interval(secs => $3) THEN now() ELSE w.window_started_at END
       RETURNING calls, window_started_at AS "windowStartedAt"`,
      [sessionId, kind, DEVICE_CALL_WINDOW_MS / 1000],
    );
    return rows[0];
  }

  /** Windows closed for longer than a window are of no further use. */
  async purgeClosed(): Promise<number> {
    const rows = returnedRows(
      await this.dataSource.query(
        `DELETE FROM gateway.device_call_windows WHERE window_started_at < now() - make_interval(secs => $1) RETURNING 1`,
        [(2 * DEVICE_CALL_WINDOW_MS) / 1000],
      ),
    );
    return rows.length;
  }
}
