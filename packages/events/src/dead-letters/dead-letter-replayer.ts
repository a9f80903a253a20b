import type { Logger } from '@kyc/logger';
import type { DataSource } from '@kyc/persistence';
import type { EventHandler } from '../event-bus';
import { decodeEvent } from '../event-codec';
import { describeFailure } from '../retry-policy';

/** How often a subscription looks for dead letters an operator asked it to replay. */
export const DEAD_LETTER_REPLAY_POLL_MS = 5_000;

/** DeadLetterReplayer's pre-check: an index-only probe of dead_letters_replay_requested_idx (exported for its plan test). */
export const REPLAY_CHECK_SQL = `
  SELECT EXISTS (
    SELECT 1 FROM eventbus.dead_letters
    WHERE consumer_group = $1 AND topic = $2 AND replay_requested_at IS NOT NULL AND replayed_at IS NULL
  ) AS requested`;

/**
 * Runs a consumer group's handler again on the dead letters an operator marked for replay
 * (`replay_requested_at` set, `replayed_at` not): one row per transaction, locked with SKIP
 * LOCKED so that each is replayed by one replica. Success sets `replayed_at`; a failure
 * records the new error, counts the attempt and clears the request (one attempt per request:
 * the operator asks again once the cause is fixed). Handlers are idempotent (markProcessed), so
 * a dead letter whose event was handled after all is a no-op. A replay runs outside the topic's
 * order: it is the operator's decision to apply an old event now.
 */
export class DeadLetterReplayer {
  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
  ) {}

  /** Replays the group's requested dead letters until none is left (or `keepGoing` says stop); returns how many ran. */
  async replayRequested(group: string, topic: string, handler: EventHandler, keepGoing: () => boolean = () => true): Promise<number> {
    let replayed = 0;
    // Most polls find nothing: one statement, without a transaction or lock, says so.
    if (!keepGoing() || !(await this.anyRequested(group, topic))) return replayed;
    while (keepGoing() && (await this.replayOne(group, topic, handler))) replayed += 1;
    return replayed;
  }

  /**
   * Whether the group has a dead letter waiting for replay (dead_letters_replay_requested_idx).
   * Not locking: a row another replica is replaying makes this "yes" and replayOne finds nothing
   * (SKIP LOCKED); a request committed after this statement is seen by the next poll.
   */
  private async anyRequested(group: string, topic: string): Promise<boolean> {
    const [row]: { requested: boolean }[] = await this.dataSource.query(REPLAY_CHECK_SQL, [group, topic]);
    return row.requested;
  }

  private replayOne(group: string, topic: string, handler: EventHandler): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const rows: { id: string; event_id: string | null; message: Buffer }[] = await manager.query(
        `SELECT id, event_id, message FROM eventbus.dead_letters
         WHERE consumer_group = $1 AND topic = $2 AND replay_requested_at IS NOT NULL AND replayed_at IS NULL
         ORDER BY replay_requested_at, dead_lettered_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [group, topic],
      );
      const row = rows[0];
      if (!row) return false;
      try {
        await handler(decodeEvent(row.message));
      } catch (error) {
        await manager.query(
          `UPDATE eventbus.dead_letters SET last_error = $2, last_failed_at = clock_timestamp(), attempts = attempts + 1, replay_requested_at = NULL WHERE id = $1`,
          [row.id, describeFailure(error)],
        );
        this.logger.error(
          { err: error, group, topic, eventId: row.event_id, deadLetterId: row.id },
          'dead letter replay failed; recorded, replay request cleared',
        );
        return true;
      }
      await manager.query(`UPDATE eventbus.dead_letters SET replayed_at = clock_timestamp() WHERE id = $1`, [row.id]);
      this.logger.info({ group, topic, eventId: row.event_id, deadLetterId: row.id }, 'dead letter replayed');
      return true;
    });
  }

  /**
   * The periodic loop a subscription runs beside its consumer. stop() waits for a replay in
   * progress (its handler call) and no longer.
   */
  start(group: string, topic: string, handler: EventHandler, intervalMs = DEAD_LETTER_REPLAY_POLL_MS): { stop(): Promise<void> } {
    let running = true;
    let timer: NodeJS.Timeout | undefined;
    let current: Promise<void> = Promise.resolve();
    const tick = async () => {
      try {
        await this.replayRequested(group, topic, handler, () => running);
      } catch (error) {
        this.logger.error({ err: error, group, topic }, 'dead letter replay poll failed');
      }
      if (running) timer = setTimeout(() => (current = tick()), intervalMs);
    };
    timer = setTimeout(() => (current = tick()), intervalMs);
    return {
      stop: async () => {
        running = false;
        if (timer) clearTimeout(timer);
        await current;
      },
    };
  }
}
