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

/**
 * PostgresEventBus's pre-check (see pendingWork), exported for its plan test. "An event after the
 * offset" is asked as "the topic's last position > offset", the same rule as the poll's
 * `position > offset`, read as one entry from the end of events_topic_position_idx. Two plans are
 * avoided on purpose: EXISTS (… position > o.position) is planned as a sequential scan of the log
 * (the offset is unknown when planning), which reads every row when there is nothing new; and
 * max(position) WHERE topic = $2 may be planned backwards on the primary key, which walks every
 * newer event of the other topics when this one is quiet. Written as a range on topic and ordered
 * by (topic, position), only the (topic, position) index yields that order without a sort.
 */
export const POLL_CHECK_SQL = `
  SELECT o.consumer_group IS NOT NULL AS registered,
         (o.retry_event_id IS NOT NULL OR o.retry_not_before IS NOT NULL) AS retry_pending,
         COALESCE(GREATEST(0, CEIL(EXTRACT(EPOCH FROM (o.retry_not_before - clock_timestamp())) * 1000))::int, 0) AS retry_wait_ms,
         COALESCE((SELECT e.position FROM eventbus.events e WHERE e.topic >= $2 AND e.topic <= $2
                   ORDER BY e.topic DESC, e.position DESC LIMIT 1) > COALESCE(o.position, 0), false) AS has_events
  FROM (VALUES (1)) AS one (x)
  LEFT JOIN eventbus.consumer_offsets o ON o.consumer_group = $1 AND o.topic = $2`;

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

  /**
   * Handles the next batch, up to the first event that fails (or waits out its backoff).
   *
   * An idle poll is one statement: `pendingWork` asks, without a transaction or a lock, whether
   * the group has anything to do, and only then does the locking transaction run. The group's
   * offset row is registered by the first poll that finds it missing (at subscribe, or after it
   * was deleted: the group then starts again from the oldest retained event, as a new group does).
   */
  async pollOnce(group: string, topic: string, handler: EventHandler): Promise<PollOutcome> {
    const pending = await this.pendingWork(group, topic);
    if (pending.retryInMs !== undefined) return { consumed: 0, retryInMs: pending.retryInMs };
    if (!pending.work) return { consumed: 0 };
    return this.dataSource.transaction(async (manager) => {
      if (!pending.registered) {
        // Idempotent, and safe when replicas of the group register together: the second INSERT
        // waits for the first's commit and does nothing; its FOR UPDATE below then sees the row.
        await manager.query(`INSERT INTO eventbus.consumer_offsets (consumer_group, topic) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
          group,
          topic,
        ]);
      }
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

  /**
   * Whether a poll of the group has work, in one statement that neither opens a transaction nor
   * locks anything. It is "yes" when the offset row is missing (the poll registers it), when a
   * retry is recorded whose backoff is over, or when an event of the topic lies after the group's
   * committed offset — the transaction's own rule, `position > offset` (asked as max(position) > offset,
   * see POLL_CHECK_SQL). While a retry backs off the
   * answer is the wait, as the transaction would return it.
   *
   * A "yes" that turns out wrong (another replica got there first) costs one empty transaction.
   * A wrong "no" cannot lose a committed event. The statement sees the events committed before it
   * started. appendToEventLog holds a per-topic advisory lock from before its INSERT (the nextval of
   * `position`) until its commit, so on a topic the positions become visible in increasing order:
   * an event that is not visible yet will get, or already has, a position greater than every
   * visible one, and so greater than the offset, which only ever names a visible event. It is
   * therefore after the offset whenever it commits, and the next poll's statement (a new snapshot)
   * sees it. The check and the transaction's SELECT read with the same `position > offset`; the
   * offset the transaction locks can only be ahead of the one checked (another replica consumed
   * meanwhile), which makes a "yes" empty, never a "no" wrong.
   */
  private async pendingWork(group: string, topic: string): Promise<{ work: boolean; registered: boolean; retryInMs?: number }> {
    const [row]: { registered: boolean; retry_pending: boolean; retry_wait_ms: number; has_events: boolean }[] =
      await this.dataSource.query(POLL_CHECK_SQL, [group, topic]);
    if (row.retry_wait_ms > 0) return { work: false, registered: row.registered, retryInMs: row.retry_wait_ms };
    return { work: !row.registered || row.retry_pending || row.has_events, registered: row.registered };
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
