import type { EntityManager } from '@kyc/persistence';

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

/** The DDL of that table, for each consumer's migration. */
export const PROCESSED_EVENTS_DDL = (schema: string) =>
  `CREATE TABLE "${schema}".processed_events (event_id uuid PRIMARY KEY, processed_at timestamptz NOT NULL DEFAULT now())`;
