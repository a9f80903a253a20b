import type { Logger } from '@kyc/logger';
import { type DataSource, type EntityManager, createServiceDataSource } from '@kyc/persistence';
import { DeadLetterReplayer, DEAD_LETTER_REPLAY_POLL_MS } from '../dead-letters/dead-letter-replayer';
import { recordDeadLetter } from '../dead-letters/dead-letter-store';
import type { EventBus, EventEnvelope, EventHandler, Subscription, SubscriptionOptions } from '../event-bus';
import { decodeEvent, encodeEvent } from '../event-codec';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, describeFailure, retryDelayMs } from '../retry-policy';
import { CreateEventLog1763870400000 } from './migrations/1763870400000-CreateEventLog';
import { ProtobufEnvelopes1764028800000 } from './migrations/1764028800000-ProtobufEnvelopes';
import { DeadLetters1764979200000 } from './migrations/1764979200000-DeadLetters';

export function createEventLogDataSource(databaseUrl: string): DataSource {
  return createServiceDataSource({
    schema: 'eventbus',
    databaseUrl,
    entities: [],
    migrations: [CreateEventLog1763870400000, ProtobufEnvelopes1764028800000, DeadLetters1764979200000],
    poolSize: 4,
  });
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
    await manager.query(`INSERT INTO eventbus.events (topic, event_id, message) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING`, [
      topic,
      event.id,
      Buffer.from(encodeEvent(event)),
    ]);
  }
}

const BATCH = 100;

/** What one poll did. */
export interface PollOutcome {
  /** Events the group moved past: handled, or dead-lettered. */
  consumed: number;
  /** Set when the next event waits out a retry backoff: poll again after this many ms. */
  retryInMs?: number;
}

interface OffsetRow {
  position: string;
  retry_event_id: string | null;
  retry_attempts: number;
  retry_first_failed_at: Date | null;
  retry_wait_ms: number;
}

interface EventRow {
  position: string;
  event_id: string;
  message: Buffer;
}

/** A failed attempt that will be retried: the state the offset row keeps until the event is handled or dead-lettered. */
interface PendingRetry {
  eventId: string;
  attempts: number;
  firstFailedAt: Date | null;
  retryInMs: number;
}

/**
 * The embedded transport: consumer groups poll the log, one active consumer per group (a row
 * lock on its offset), and commit the offset only after the handler succeeded. A handler that
 * fails is retried with exponential backoff (retry-policy.ts); the attempt count and the time of
 * the next attempt live on the group's offset row, so every replica of the group honours them
 * and a restart keeps them. The poll's transaction (and its offset lock) ends before the wait:
 * nothing is held while backing off, and stop() returns at once. After the last attempt the event
 * goes to `eventbus.dead_letters` in the same transaction that moves the offset past it.
 */
export class PostgresEventBus implements EventBus {
  private readonly retry: RetryPolicy;
  private readonly replayPollMs: number;
  private readonly replayer: DeadLetterReplayer;

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
    private readonly pollMs = 200,
    options: SubscriptionOptions = {},
  ) {
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.replayPollMs = options.replayPollMs ?? DEAD_LETTER_REPLAY_POLL_MS;
    this.replayer = new DeadLetterReplayer(dataSource, logger);
  }

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
    const loop = async () => {
      let delay = this.pollMs;
      try {
        const { consumed, retryInMs } = await this.pollOnce(group, topic, handler);
        if (retryInMs !== undefined) delay = retryInMs;
        else if (consumed === BATCH) delay = 0;
      } catch (error) {
        this.logger.error({ err: error, group, topic }, 'event consumer poll failed');
      }
      // A backoff is a plain timer: no transaction or lock is open while it runs, so stop() clears it and returns.
      if (running) timer = setTimeout(() => (current = loop()), delay);
    };
    current = loop();
    const replays = this.replayer.start(group, topic, handler, this.replayPollMs);
    return {
      stop: async () => {
        running = false;
        if (timer) clearTimeout(timer);
        await Promise.all([current, replays.stop()]);
      },
    };
  }

  /** Handles the next batch, up to the first event that fails (or waits out its backoff). */
  async pollOnce(group: string, topic: string, handler: EventHandler): Promise<PollOutcome> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO eventbus.consumer_offsets (consumer_group, topic) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
        group,
        topic,
      ]);
      const offsets: OffsetRow[] = await manager.query(
        `SELECT position, retry_event_id, retry_attempts, retry_first_failed_at,
                GREATEST(0, CEIL(EXTRACT(EPOCH FROM (retry_not_before - clock_timestamp())) * 1000))::int AS retry_wait_ms
         FROM eventbus.consumer_offsets WHERE consumer_group = $1 AND topic = $2 FOR UPDATE SKIP LOCKED`,
        [group, topic],
      );
      const offset = offsets[0];
      // Another consumer of the group holds the offset: it does the work.
      if (!offset) return { consumed: 0 };
      // The next event is backing off (maybe after another replica's attempt): not yet.
      if (offset.retry_wait_ms > 0) return { consumed: 0, retryInMs: offset.retry_wait_ms };
      const rows: EventRow[] = await manager.query(
        `SELECT position, event_id, message FROM eventbus.events WHERE topic = $1 AND position > $2 ORDER BY position LIMIT $3`,
        [topic, offset.position, BATCH],
      );
      let committed = offset.position;
      let consumed = 0;
      for (const row of rows) {
        const retry = await this.consume(manager, group, topic, handler, row, offset);
        if (retry) {
          await manager.query(
            `UPDATE eventbus.consumer_offsets
             SET position = $3, retry_event_id = $4, retry_attempts = $5, retry_first_failed_at = COALESCE($6::timestamptz, clock_timestamp()),
                 retry_not_before = clock_timestamp() + make_interval(secs => $7::double precision / 1000)
             WHERE consumer_group = $1 AND topic = $2`,
            [group, topic, committed, retry.eventId, retry.attempts, retry.firstFailedAt, retry.retryInMs],
          );
          return { consumed, retryInMs: retry.retryInMs };
        }
        committed = row.position;
        consumed += 1;
      }
      await manager.query(
        `UPDATE eventbus.consumer_offsets
         SET position = $3, retry_event_id = NULL, retry_attempts = 0, retry_first_failed_at = NULL, retry_not_before = NULL
         WHERE consumer_group = $1 AND topic = $2`,
        [group, topic, committed],
      );
      return { consumed };
    });
  }

  /** Handles one event; a PendingRetry when it must be attempted again later, else it is consumed (handled or dead-lettered). */
  private async consume(
    manager: EntityManager,
    group: string,
    topic: string,
    handler: EventHandler,
    row: EventRow,
    offset: OffsetRow,
  ): Promise<PendingRetry | undefined> {
    const origin = `eventbus.events#${row.position}`;
    let event: EventEnvelope;
    try {
      event = decodeEvent(row.message);
    } catch (error) {
      // Not an event: retrying cannot help. It is kept with its bytes (a newer consumer may read it on replay).
      const id = await recordDeadLetter(manager, {
        group,
        topic,
        eventId: null,
        eventType: null,
        reason: 'undecodable',
        origin,
        message: row.message,
        lastError: describeFailure(error),
        attempts: 1,
      });
      this.logger.error(
        { err: error, group, topic, eventId: null, attempts: 1, origin, deadLetterId: id },
        'undecodable event dead-lettered',
      );
      return undefined;
    }
    try {
      await handler(event);
      return undefined;
    } catch (error) {
      // The retry state on the offset row is this event's when it names it; otherwise this is its first failure.
      const previous = offset.retry_event_id === event.id ? offset : undefined;
      const attempts = (previous?.retry_attempts ?? 0) + 1;
      const firstFailedAt = previous?.retry_first_failed_at ?? null;
      if (attempts < this.retry.maxAttempts) {
        const retryInMs = retryDelayMs(attempts, this.retry);
        this.logger.warn({ err: error, group, topic, eventId: event.id, attempt: attempts, retryInMs }, 'event handler failed; will retry');
        return { eventId: event.id, attempts, firstFailedAt, retryInMs };
      }
      const id = await recordDeadLetter(manager, {
        group,
        topic,
        eventId: event.id,
        eventType: event.type,
        reason: 'handler_failed',
        origin,
        message: row.message,
        lastError: describeFailure(error),
        attempts,
        firstFailedAt,
      });
      this.logger.error(
        { err: error, group, topic, eventId: event.id, attempts, deadLetterId: id },
        'event handler kept failing; event dead-lettered',
      );
      return undefined;
    }
  }
}
