import { type DataSource, returnedRows } from '@kyc/persistence';

/**
 * Prunes the Postgres event log (the `eventbus` schema of the Postgres transport; Kafka keeps its
 * own retention): events published before `before` that every consumer group of their topic has
 * already passed (an event a lagging consumer still has to read is kept, whatever its age), and
 * dead letters whose last failure is older than `before`. Envelopes and dead letters carry the
 * events' payloads, personal data included (docs/retention.md, EVENT_LOG_RETENTION_DAYS).
 */
export async function pruneEventLog(
  dataSource: DataSource,
  before: Date,
  batchSize = 5_000,
): Promise<{ events: number; deadLetters: number }> {
  let events = 0;
  for (;;) {
    const deleted = returnedRows(
      await dataSource.query(
        `DELETE FROM eventbus.events WHERE position IN (
           SELECT e.position FROM eventbus.events e
            WHERE e.published_at < $1
              AND NOT EXISTS (SELECT 1 FROM eventbus.consumer_offsets o WHERE o.topic = e.topic AND o.position < e.position)
            LIMIT $2)
         RETURNING 1`,
        [before, batchSize],
      ),
    ).length;
    events += deleted;
    if (deleted < batchSize) break;
  }
  const deadLetters = returnedRows(
    await dataSource.query(
      `DELETE FROM eventbus.dead_letters WHERE dead_lettered_at < $1 AND NOT (replay_requested_at IS NOT NULL AND replayed_at IS NULL) RETURNING 1`,
      [before],
    ),
  ).length;
  return { events, deadLetters };
}
