import { markProcessed } from '@kyc/events';
import { type DataSource, returnedRows } from '@kyc/persistence';
import { currentTraceparent } from '@kyc/tracing';

/** A uuid as PostgreSQL reads it; anything else cannot name a project or a session. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DueDelivery {
  id: string;
  eventId: string;
  projectId: string;
  environment: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
  /** The rotated-out secret while its overlap lasts; it signs beside `secret`. */
  previousSecret: string | null;
  /** The trace the delivery was enqueued in (the event's handling), which each attempt continues. */
  traceparent: string | null;
  /** When the delivery was enqueued (the event handled): a delivered one's latency counts from here. */
  createdAt: Date;
}

export interface DeliveryView {
  id: string;
  eventId: string;
  type: string;
  sessionId: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
  deliveredAt: Date | null;
  attemptLog: { attempt: number; statusCode: number | null; latencyMs: number; error: string | null; at: string }[];
}

export interface AttemptOutcome {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  url: string;
}

interface EventRef {
  id: string;
  projectId: string;
  environment: string;
  sessionId: string;
}

/** Deliveries and their attempts, claimed with SKIP LOCKED so a slow send never blocks others. */
export class DeliveryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records the event once; enqueues a delivery when the environment has an endpoint. */
  enqueue(event: EventRef & { type: string }, body: string, options: { held?: boolean } = {}): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await markProcessed(manager, 'webhook', event.id))) return false;
      const endpoints: unknown[] = await manager.query(`SELECT 1 FROM webhook.endpoints WHERE project_id = $1 AND environment = $2`, [
        event.projectId,
        event.environment,
      ]);
      if (!endpoints.length) return false;
      await manager.query(
        `INSERT INTO webhook.deliveries (event_id, project_id, environment, session_id, event_type, body, status, traceparent) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (event_id) DO NOTHING`,
        [
          event.id,
          event.projectId,
          event.environment,
          event.sessionId,
          event.type,
          body,
          options.held ? 'held' : 'pending',
          currentTraceparent() ?? null,
        ],
      );
      return true;
    });
  }

  /** Makes the session's held deliveries due now (once per releasing event). */
  releaseHeld(event: EventRef): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await markProcessed(manager, 'webhook', event.id))) return 0;
      const released = returnedRows(
        await manager.query(
          `UPDATE webhook.deliveries SET status = 'pending', next_attempt_at = now()
          WHERE project_id = $1 AND environment = $2 AND session_id = $3 AND status = 'held' RETURNING 1`,
          [event.projectId, event.environment, event.sessionId],
        ),
      );
      return released.length;
    });
  }

  /** Claims deliveries that are due (or whose sender died mid-send), with the endpoint's current URL and secret. */
  async claimDue(limit: number, lockMs: number): Promise<DueDelivery[]> {
    if (limit <= 0) return [];
    const rows = returnedRows<DueDelivery>(
      await this.dataSource.query(
        `UPDATE webhook.deliveries d SET status = 'sending', locked_until = now() + make_interval(secs => $2)
         FROM webhook.endpoints e
        WHERE e.project_id = d.project_id AND e.environment = d.environment
          AND d.id IN (SELECT id FROM webhook.deliveries
                        WHERE (status = 'pending' AND next_attempt_at <= now()) OR (status = 'sending' AND locked_until < now())
                        ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING d.id, d.event_id AS "eventId", d.project_id AS "projectId", d.environment, d.body, d.attempts, d.traceparent, d.created_at AS "createdAt", e.url, e.secret,
                  CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END AS "previousSecret"`,
        [limit, lockMs / 1000],
      ),
    );
    return rows;
  }

  async recordAttempt(
    delivery: DueDelivery,
    outcome: AttemptOutcome,
    next: { delivered: boolean; retryInMs: number | null },
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const attempt = delivery.attempts + 1;
      await manager.query(
        `INSERT INTO webhook.delivery_attempts (delivery_id, attempt, url, status_code, latency_ms, error) VALUES ($1, $2, $3, $4, $5, $6)`,
        [delivery.id, attempt, outcome.url, outcome.statusCode, outcome.latencyMs, outcome.error],
      );
      const status = next.delivered ? 'delivered' : next.retryInMs === null ? 'failed' : 'pending';
      await manager.query(
        `UPDATE webhook.deliveries SET attempts = $2, status = $3, locked_until = NULL,
                next_attempt_at = now() + make_interval(secs => $4), delivered_at = CASE WHEN $3 = 'delivered' THEN now() END
          WHERE id = $1`,
        [delivery.id, attempt, status, (next.retryInMs ?? 0) / 1000],
      );
    });
  }

  /** Deliveries waiting to be sent (or being sent): first attempts, and retries after a failed attempt (the retry queue). */
  async countWaiting(): Promise<{ firstAttempt: number; retry: number }> {
    const [row] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE attempts = 0)::int AS "firstAttempt", count(*) FILTER (WHERE attempts > 0)::int AS retry
         FROM webhook.deliveries WHERE status IN ('pending', 'sending')`,
    );
    return { firstAttempt: Number(row.firstAttempt), retry: Number(row.retry) };
  }

  async list(projectId: string, environment: string, limit: number): Promise<DeliveryView[]> {
    return this.dataSource.query(
      `SELECT d.id, d.event_id AS "eventId", d.event_type AS "type", d.session_id AS "sessionId", d.status, d.attempts,
              d.next_attempt_at AS "nextAttemptAt", d.created_at AS "createdAt", d.delivered_at AS "deliveredAt",
              coalesce((SELECT json_agg(json_build_object('attempt', a.attempt, 'statusCode', a.status_code, 'latencyMs', a.latency_ms, 'error', a.error, 'at', a.created_at) ORDER BY a.attempt)
                          FROM webhook.delivery_attempts a WHERE a.delivery_id = d.id), '[]') AS "attemptLog"
         FROM webhook.deliveries d WHERE d.project_id::text = $1 AND d.environment = $2 ORDER BY d.created_at DESC LIMIT $3`,
      [projectId, environment, limit],
    );
  }

  /** Every delivery one session caused, oldest first (the reviewer's session history); none for another project's session. */
  async listForSession(projectId: string, sessionId: string): Promise<DeliveryView[]> {
    // Typed comparisons, so deliveries_session_idx serves it; an id that is no uuid has no deliveries.
    if (!UUID.test(projectId) || !UUID.test(sessionId)) return [];
    return this.dataSource.query(
      `SELECT d.id, d.event_id AS "eventId", d.event_type AS "type", d.session_id AS "sessionId", d.status, d.attempts,
              d.next_attempt_at AS "nextAttemptAt", d.created_at AS "createdAt", d.delivered_at AS "deliveredAt",
              coalesce((SELECT json_agg(json_build_object('attempt', a.attempt, 'statusCode', a.status_code, 'latencyMs', a.latency_ms, 'error', a.error, 'at', a.created_at) ORDER BY a.attempt)
                          FROM webhook.delivery_attempts a WHERE a.delivery_id = d.id), '[]') AS "attemptLog"
         FROM webhook.deliveries d WHERE d.session_id = $2::uuid AND d.project_id = $1::uuid ORDER BY d.created_at, d.id LIMIT 500`,
      [projectId, sessionId],
    );
  }

  async find(projectId: string, deliveryId: string): Promise<DeliveryView | null> {
    const rows: (DeliveryView & { environment: string })[] = await this.dataSource.query(
      `SELECT environment FROM webhook.deliveries WHERE id::text = $1 AND project_id::text = $2`,
      [deliveryId, projectId],
    );
    if (!rows[0]) return null;
    return (await this.list(projectId, rows[0].environment, 500)).find((d) => d.id === deliveryId) ?? null;
  }

  /** Sends a delivery again now, whatever its state; the event id stays the same. */
  async replay(projectId: string, deliveryId: string): Promise<boolean> {
    const rows = returnedRows(
      await this.dataSource.query(
        `UPDATE webhook.deliveries SET status = 'pending', next_attempt_at = now(), locked_until = NULL WHERE id::text = $1 AND project_id::text = $2 RETURNING 1`,
        [deliveryId, projectId],
      ),
    );
    return rows.length === 1;
  }
}
