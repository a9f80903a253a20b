import { type DataSource, type EntityManager, returnedRows } from '@kyc/persistence';

/**
 * Consumer-side idempotency: records the event id in the consumer's own `processed_events`
 * table inside the handler's transaction. False means the event was handled before: skip it.
 */
export async function markProcessed(manager: EntityManager, schema: string, eventId: string): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `INSERT INTO "${schema}".processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING 1`,
    [eventId],
  );
  return rows.length === 1;
}

/**
 * Deletes the ids of events handled before `processedBefore` (docs/retention.md). Safe once no
 * transport can deliver them again: the Postgres event log keeps an event EVENT_LOG_RETENTION_DAYS
 * (30) and never moves a group's position back; a Kafka group reset to the earliest offset re-reads
 * the topic's retention (7 days by default). Returns how many ids went.
 */
export async function pruneProcessedEvents(
  dataSource: DataSource,
  schema: string,
  processedBefore: Date,
  batchSize = 5_000,
): Promise<number> {
  let pruned = 0;
  for (;;) {
    const deleted = returnedRows(
      await dataSource.query(
        `DELETE FROM "${schema}".processed_events WHERE event_id IN (
           SELECT event_id FROM "${schema}".processed_events WHERE processed_at < $1 LIMIT $2) RETURNING 1`,
        [processedBefore, batchSize],
      ),
    ).length;
    pruned += deleted;
    if (deleted < batchSize) return pruned;
  }
}

/** A consumer's periodic inbox pruning: every run forgets the ids handled more than `retentionDays` ago. */
export function processedEventRetention(dataSource: DataSource, schema: string, retentionDays: number): () => Promise<number> {
  return () => pruneProcessedEvents(dataSource, schema, new Date(Date.now() - retentionDays * 86_400_000));
}

/** The DDL of that table, for each consumer's migration. */
export const PROCESSED_EVENTS_DDL = (schema: string) =>
  `CREATE TABLE "${schema}".processed_events (event_id uuid PRIMARY KEY, processed_at timestamptz NOT NULL DEFAULT now())`;
