import type { Logger } from '@kyc/logger';
import { type DataSource, type EntityManager, createServiceDataSource } from '@kyc/persistence';
import { type EventBus, type EventEnvelope, type EventHandler, MAX_HANDLER_FAILURES, type Subscription } from '../event-bus';
import { decodeEvent, encodeEvent } from '../event-codec';
import { CreateEventLog1763870400000 } from './migrations/1763870400000-CreateEventLog';
import { ProtobufEnvelopes1764028800000 } from './migrations/1764028800000-ProtobufEnvelopes';

export function createEventLogDataSource(databaseUrl: string): DataSource {
  return createServiceDataSource({ schema: 'eventbus', databaseUrl, entities: [], migrations: [CreateEventLog1763870400000, ProtobufEnvelopes1764028800000], poolSize: 4 });
}

/**
 * Appends events to the log inside the caller's transaction. A transaction-scoped advisory lock
 * per topic serialises publishers, so positions become visible in order and a consumer reading
 * `position > offset` never skips a row that commits late.
 */
export async function appendToEventLog(manager: EntityManager, topic: string, events: EventEnvelope[]): Promise<void> {
  if (!events.length) return;
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`eventbus:${topic}`]);
  for (const event of events) {
    await manager.query(`INSERT INTO eventbus.events (topic, event_id, message) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING`, [topic, event.id, Buffer.from(encodeEvent(event))]);
  }
}

const BATCH = 100;

/**
 * The embedded transport: consumer groups poll the log, one active consumer per group (a row
 * lock on its offset), and commit the offset only after the handler succeeded. A handler that
 * keeps failing on one event is retried with backoff, then skipped and logged (a poison
 * message must not block the topic).
 */
export class PostgresEventBus implements EventBus {
  constructor(private readonly dataSource: DataSource, private readonly logger: Logger, private readonly pollMs = 200) {}

  publish(topic: string, events: EventEnvelope[], transaction: EntityManager): Promise<void> {
    return appendToEventLog(transaction, topic, events);
  }

  async close(): Promise<void> {
    // The data source belongs to the service; nothing of the bus's own to close.
  }

  subscribe(group: string, topic: string, handler: EventHandler): Subscription {
    let running = true;
    let timer: NodeJS.Timeout | undefined;
    let current: Promise<void> = Promise.resolve();
    const failures = new Map<string, number>();
    const loop = async () => {
      let handled = 0;
      try {
        handled = await this.pollOnce(group, topic, handler, failures);
      } catch (error) {
        this.logger.error({ err: error, group, topic }, 'event consumer poll failed');
      }
      if (running) timer = setTimeout(() => (current = loop()), handled === BATCH ? 0 : this.pollMs);
    };
    current = loop();
    return {
      stop: async () => {
        running = false;
        if (timer) clearTimeout(timer);
        await current;
      },
    };
  }

  /** Handles the next batch; returns how many events were consumed. */
  async pollOnce(group: string, topic: string, handler: EventHandler, failures = new Map<string, number>()): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO eventbus.consumer_offsets (consumer_group, topic) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [group, topic]);
      const [{ position }]: { position: string }[] = await manager.query(
        `SELECT position FROM eventbus.consumer_offsets WHERE consumer_group = $1 AND topic = $2 FOR UPDATE SKIP LOCKED`,
        [group, topic],
      ).then((rows: { position: string }[]) => (rows.length ? rows : [{ position: '-1' }]));
      if (position === '-1') return 0;
      const rows: { position: string; event_id: string; message: Buffer }[] = await manager.query(
        `SELECT position, event_id, message FROM eventbus.events WHERE topic = $1 AND position > $2 ORDER BY position LIMIT $3`,
        [topic, position, BATCH],
      );
      let committed = position;
      for (const row of rows) {
        let event: EventEnvelope;
        try {
          event = decodeEvent(row.message);
        } catch (error) {
          this.logger.error({ err: error, group, eventId: row.event_id }, 'undecodable event; skipping it');
          committed = row.position;
          continue;
        }
        try {
          await handler(event);
          failures.delete(event.id);
        } catch (error) {
          const count = (failures.get(event.id) ?? 0) + 1;
          failures.set(event.id, count);
          if (count < MAX_HANDLER_FAILURES) {
            this.logger.warn({ err: error, group, eventId: event.id, attempt: count }, 'event handler failed; will retry');
            break;
          }
          this.logger.error({ err: error, group, eventId: event.id }, 'event handler kept failing; skipping the event');
          failures.delete(event.id);
        }
        committed = row.position;
      }
      await manager.query(`UPDATE eventbus.consumer_offsets SET position = $3 WHERE consumer_group = $1 AND topic = $2`, [group, topic, committed]);
      return rows.length;
    });
  }
}
