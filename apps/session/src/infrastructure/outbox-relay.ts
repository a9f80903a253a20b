import { type EventBus, type EventEnvelope, type TypedEvent, TOPICS } from '@kyc/events';
import type { Logger } from '@kyc/logger';
import type { DataSource } from '@kyc/persistence';

interface OutboxRow {
  id: string;
  type: TypedEvent['type'];
  session_id: string;
  project_id: string;
  environment: string;
  payload: TypedEvent['payload'];
  occurred_at: Date;
}

const BATCH = 100;

/**
 * Publishes the session outbox in order. Rows are claimed with SKIP LOCKED (several replicas can
 * run the relay) and marked published in the transaction that publishes them: exactly once with
 * the embedded transport, at least once with Kafka (a crash between send and commit resends;
 * consumers dedupe by event id).
 */
export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private running = false;
  private current: Promise<void> = Promise.resolve();

  constructor(private readonly dataSource: DataSource, private readonly bus: EventBus, private readonly logger: Logger, private readonly pollMs = 100) {}

  start(): void {
    this.running = true;
    const loop = async () => {
      let published = 0;
      try {
        published = await this.relayOnce();
      } catch (error) {
        this.logger.error({ err: error }, 'outbox relay failed');
      }
      if (this.running) this.timer = setTimeout(() => (this.current = loop()), published === BATCH ? 0 : this.pollMs);
    };
    this.current = loop();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.current;
  }

  relayOnce(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, type, session_id, project_id, environment, payload, occurred_at FROM session.outbox
          WHERE published_at IS NULL ORDER BY position LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [BATCH],
      );
      if (!rows.length) return 0;
      // The payload column holds the event's message as written by the producer (ts-proto's
      // plain-object form); the bus encodes the envelope to protobuf.
      const events = rows.map((row) => ({
        id: row.id,
        type: row.type,
        occurredAt: row.occurred_at.toISOString(),
        projectId: row.project_id,
        environment: row.environment,
        sessionId: row.session_id,
        payload: row.payload,
      }) as EventEnvelope);
      await this.bus.publish(TOPICS.session, events, manager);
      await manager.query(`UPDATE session.outbox SET published_at = now() WHERE id = ANY($1)`, [rows.map((r) => r.id)]);
      return rows.length;
    });
  }
}
