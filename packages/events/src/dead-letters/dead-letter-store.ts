import { type DataSource, type EntityManager, returnedRows } from '@kyc/persistence';

/** Why an event was dead-lettered: its handler kept failing, or its bytes are not an event envelope. */
export type DeadLetterReason = 'handler_failed' | 'undecodable';

/** What a consumer writes when it gives up on an event (see recordDeadLetter). */
export interface NewDeadLetter {
  group: string;
  topic: string;
  /** Null when the message did not decode. */
  eventId: string | null;
  eventType: string | null;
  reason: DeadLetterReason;
  /** Where the message sat: `eventbus.events#<position>` or `kafka:<partition>@<offset>`. */
  origin: string;
  /** The encoded kyc.events.v1.EventEnvelope as received. */
  message: Uint8Array;
  /** The last error's message, already cut to about 1 KB (describeFailure). */
  lastError: string;
  attempts: number;
  /** When the first attempt failed; now when unknown. */
  firstFailedAt?: Date | null;
}

/** A dead letter as operators see it: everything but the message bytes. */
export interface DeadLetter {
  id: string;
  group: string;
  topic: string;
  eventId: string | null;
  eventType: string | null;
  reason: DeadLetterReason;
  origin: string;
  lastError: string;
  attempts: number;
  firstFailedAt: Date;
  lastFailedAt: Date;
  deadLetteredAt: Date;
  replayRequestedAt: Date | null;
  replayedAt: Date | null;
}

export interface DeadLetterFilter {
  group?: string;
  topic?: string;
}

type Queryable = Pick<EntityManager, 'query'> | Pick<DataSource, 'query'>;

interface DeadLetterRow {
  id: string;
  consumer_group: string;
  topic: string;
  event_id: string | null;
  event_type: string | null;
  reason: DeadLetterReason;
  origin: string;
  last_error: string;
  attempts: number;
  first_failed_at: Date;
  last_failed_at: Date;
  dead_lettered_at: Date;
  replay_requested_at: Date | null;
  replayed_at: Date | null;
}

const COLUMNS = `id, consumer_group, topic, event_id, event_type, reason, origin, last_error, attempts, first_failed_at, last_failed_at, dead_lettered_at, replay_requested_at, replayed_at`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toDeadLetter(row: DeadLetterRow): DeadLetter {
  return {
    id: row.id,
    group: row.consumer_group,
    topic: row.topic,
    eventId: row.event_id,
    eventType: row.event_type,
    reason: row.reason,
    origin: row.origin,
    lastError: row.last_error,
    attempts: row.attempts,
    firstFailedAt: row.first_failed_at,
    lastFailedAt: row.last_failed_at,
    deadLetteredAt: row.dead_lettered_at,
    replayRequestedAt: row.replay_requested_at,
    replayedAt: row.replayed_at,
  };
}

/**
 * Writes a dead letter; returns its id. `db` is the poll's transaction on the embedded transport
 * (the row and the offset that moves past the event commit together) or the data source on Kafka.
 * The same event dead-lettered again for the same group (a Kafka consumer that died before
 * committing its offset) updates the row and opens it again rather than adding a second one.
 */
export async function recordDeadLetter(db: Queryable, letter: NewDeadLetter): Promise<string> {
  const rows: { id: string }[] = await db.query(
    `INSERT INTO eventbus.dead_letters
       (consumer_group, topic, event_id, event_type, reason, origin, message, last_error, attempts, first_failed_at, last_failed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, COALESCE($10::timestamptz, clock_timestamp()), clock_timestamp())
     ON CONFLICT (consumer_group, topic, event_id) WHERE event_id IS NOT NULL DO UPDATE SET
       message = EXCLUDED.message, origin = EXCLUDED.origin, event_type = EXCLUDED.event_type, reason = EXCLUDED.reason,
       last_error = EXCLUDED.last_error, attempts = dead_letters.attempts + EXCLUDED.attempts, last_failed_at = EXCLUDED.last_failed_at,
       dead_lettered_at = now(), replay_requested_at = NULL, replayed_at = NULL
     RETURNING id`,
    [
      letter.group,
      letter.topic,
      letter.eventId,
      letter.eventType,
      letter.reason,
      letter.origin,
      Buffer.from(letter.message),
      letter.lastError,
      letter.attempts,
      letter.firstFailedAt ?? null,
    ],
  );
  return rows[0].id;
}

/**
 * The operator's view of `eventbus.dead_letters` (the admin API and, later, the metrics): list
 * and count them, and ask the owning consumer group to replay one or many. The replay itself is
 * run by the group's subscription (DeadLetterReplayer), which owns the handler.
 */
export class DeadLetterStore {
  constructor(private readonly db: Queryable) {}

  /** Newest first, without the message bytes. */
  async list(filter: DeadLetterFilter & { limit: number; offset: number }): Promise<DeadLetter[]> {
    const rows: DeadLetterRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM eventbus.dead_letters
       WHERE ($1::text IS NULL OR consumer_group = $1) AND ($2::text IS NULL OR topic = $2)
       ORDER BY dead_lettered_at DESC, id LIMIT $3 OFFSET $4`,
      [filter.group ?? null, filter.topic ?? null, filter.limit, filter.offset],
    );
    return rows.map(toDeadLetter);
  }

  /** How many match; `pending` counts only those not replayed successfully (what still needs an operator). */
  async count(filter: DeadLetterFilter & { pending?: boolean } = {}): Promise<number> {
    const [{ count }]: { count: string }[] = await this.db.query(
      `SELECT count(*) AS count FROM eventbus.dead_letters
       WHERE ($1::text IS NULL OR consumer_group = $1) AND ($2::text IS NULL OR topic = $2) AND (NOT $3::boolean OR replayed_at IS NULL)`,
      [filter.group ?? null, filter.topic ?? null, filter.pending ?? false],
    );
    return Number(count);
  }

  async find(id: string): Promise<DeadLetter | null> {
    if (!UUID.test(id)) return null;
    const rows: DeadLetterRow[] = await this.db.query(`SELECT ${COLUMNS} FROM eventbus.dead_letters WHERE id = $1`, [id]);
    return rows[0] ? toDeadLetter(rows[0]) : null;
  }

  /**
   * Marks one dead letter for replay by its group; null when there is no such dead letter. One
   * already replayed successfully is answered as it is (its handler has run; replaying it again
   * would be a no-op for an idempotent handler).
   */
  async requestReplay(id: string): Promise<DeadLetter | null> {
    if (!UUID.test(id)) return null;
    await this.db.query(`UPDATE eventbus.dead_letters SET replay_requested_at = clock_timestamp() WHERE id = $1 AND replayed_at IS NULL`, [
      id,
    ]);
    return this.find(id);
  }

  /** Marks every matching dead letter not replayed yet and not already requested; returns how many. */
  async requestReplayAll(filter: DeadLetterFilter = {}): Promise<number> {
    const rows = returnedRows<unknown>(
      await this.db.query(
        `UPDATE eventbus.dead_letters SET replay_requested_at = clock_timestamp()
       WHERE replayed_at IS NULL AND replay_requested_at IS NULL
         AND ($1::text IS NULL OR consumer_group = $1) AND ($2::text IS NULL OR topic = $2)
       RETURNING 1`,
        [filter.group ?? null, filter.topic ?? null],
      ),
    );
    return rows.length;
  }
}
