import { type EventBus, type EventEnvelope, type TypedEvent, TOPICS, encodeEvent } from '@kyc/events';
import type { Logger } from '@kyc/logger';
import { type DataSource, returnedRows } from '@kyc/persistence';
import { registerOutboxMetrics } from './outbox-metrics';

interface OutboxRow {
  id: string;
  type: TypedEvent['type'];
  session_id: string;
  project_id: string;
  environment: string;
  payload: TypedEvent['payload'];
  occurred_at: Date;
  traceparent: string | null;
}

/** A claim is the relay's for this long; a relay that dies holding it loses it after. */
const CLAIM_MS = 30_000;
/** Claims are serialised across relays by this advisory lock (one short UPDATE each). */
const CLAIM_LOCK = 'session.outbox.claim';
const MAX_BACKOFF_MS = 30_000;

/**
 * Publishes the session outbox, in order per session, with any number of relays running:
 * 1. claim: under a transaction-level advisory lock, the oldest unpublished rows are leased, except
 *    rows of a session whose earlier row another relay holds (so a session's events never overtake);
 * 2. publish, holding no outbox locks (the embedded bus appends idempotently by event id inside a
 *    transaction of its own; Kafka sends), then mark the rows published;
 * 3. a row that cannot be encoded is parked with its reason, not retried in front of every later
 *    row; a failed publish releases the claim and backs off.
 * Delivery is at least once (a crash between publish and mark resends); consumers dedupe by event id.
 */
export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private running = false;
  private failures = 0;
  private current: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly options: { pollMs: number; batchSize: number } = { pollMs: 100, batchSize: 100 },
  ) {
    registerOutboxMetrics(dataSource, logger);
  }

  start(): void {
    this.running = true;
    const loop = async () => {
      let published = 0;
      try {
        published = await this.relayOnce();
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        this.logger.error({ err: error, failures: this.failures }, 'outbox relay failed');
      }
      const { pollMs, batchSize } = this.options;
      const delay = this.failures ? Math.min(MAX_BACKOFF_MS, pollMs * 2 ** this.failures) : published === batchSize ? 0 : pollMs;
      if (this.running) this.timer = setTimeout(() => (this.current = loop()), delay);
    };
    this.current = loop();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.current;
  }

  /** One claim, publish and mark; the number of rows published. */
  async relayOnce(): Promise<number> {
    if (!(await this.anythingClaimable())) return 0;
    const rows = await this.claim();
    if (!rows.length) return 0;
    const events: EventEnvelope[] = [];
    for (const row of rows) {
      const event = toEnvelope(row);
      const problem = encodingProblem(event);
      if (problem) await this.park(row, problem);
      else events.push(event);
    }
    try {
      if (events.length) await this.dataSource.transaction((manager) => this.bus.publish(TOPICS.session, events, manager));
    } catch (error) {
      await this.release(events.map((e) => e.id));
      throw error;
    }
    await this.dataSource.query(`UPDATE session.outbox SET published_at = now(), claimed_until = NULL WHERE id = ANY($1)`, [
      events.map((e) => e.id),
    ]);
    return events.length;
  }

  /**
   * Whether a claim could find a row: one indexed read instead of the claim's transaction, advisory
   * lock and UPDATE, ten times a second on an idle outbox. A row that commits after this read waits
   * for the next poll; a yes that another relay makes stale only costs the claim that finds nothing.
   */
  private async anythingClaimable(): Promise<boolean> {
    const [{ claimable }] = (await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM session.outbox
                       WHERE published_at IS NULL AND parked_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())) AS claimable`,
    )) as { claimable: boolean }[];
    return claimable;
  }

  private claim(): Promise<OutboxRow[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [CLAIM_LOCK]);
      const rows = returnedRows<OutboxRow & { position: string }>(
        await manager.query(
          `UPDATE session.outbox SET claimed_until = now() + make_interval(secs => $2::double precision / 1000)
          WHERE id IN (
            SELECT o.id FROM session.outbox o
             WHERE o.published_at IS NULL AND o.parked_at IS NULL AND (o.claimed_until IS NULL OR o.claimed_until < now())
               AND NOT EXISTS (
                 SELECT 1 FROM session.outbox e
                  WHERE e.session_id = o.session_id AND e.position < o.position AND e.published_at IS NULL AND e.parked_at IS NULL
                    AND e.claimed_until >= now())
             ORDER BY o.position LIMIT $1)
          RETURNING id, type, session_id, project_id, environment, payload, occurred_at, position, traceparent`,
          [this.options.batchSize, CLAIM_MS],
        ),
      );
      return rows.sort((a, b) => Number(a.position) - Number(b.position));
    });
  }

  private async park(row: OutboxRow, reason: string): Promise<void> {
    this.logger.error({ outboxId: row.id, sessionId: row.session_id, type: row.type, reason }, 'outbox row cannot be encoded: parked');
    await this.dataSource.query(`UPDATE session.outbox SET parked_at = now(), park_reason = $2, claimed_until = NULL WHERE id = $1`, [
      row.id,
      reason.slice(0, 500),
    ]);
  }

  private async release(ids: string[]): Promise<void> {
    await this.dataSource
      .query(`UPDATE session.outbox SET claimed_until = NULL WHERE id = ANY($1) AND published_at IS NULL`, [ids])
      .catch(() => undefined);
  }
}

/** The payload column holds the event's message as the producer wrote it (ts-proto's plain-object form). */
function toEnvelope(row: OutboxRow): EventEnvelope {
  return {
    id: row.id,
    type: row.type,
    occurredAt: row.occurred_at.toISOString(),
    projectId: row.project_id,
    environment: row.environment,
    sessionId: row.session_id,
    payload: row.payload,
    ...(row.traceparent ? { traceparent: row.traceparent } : {}),
  } as EventEnvelope;
}

function encodingProblem(event: EventEnvelope): string | undefined {
  try {
    encodeEvent(event);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
