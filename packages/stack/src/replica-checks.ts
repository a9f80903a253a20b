import { Client } from 'pg';

/**
 * What must hold after verifications ran on a stack with replicas (issue 27 item 7), read from the
 * services' own ledgers in PostgreSQL:
 * - every completed session has exactly one verification.completed in the session outbox;
 * - each consumer group (webhook, billing) handled every session's events in outbox order: its
 *   inbox (processed_events, one row per event id, stamped when the handler's transaction ran)
 *   sorted by time follows the outbox position;
 * - one charge per completed session outside test mode (billing.charges; test mode is never billed), none twice;
 * - one webhook delivery per delivered event, and the order the receiver got them in.
 */
export interface ReplicaLedgerReport {
  sessions: number;
  completed: number;
  /** Sessions whose outbox holds verification.completed more than once. */
  completedTwice: string[];
  /** Outbox rows of these sessions not yet published (the checks wait until 0). */
  unpublished: number;
  /** Per consumer group, the sessions whose events it handled out of outbox order. */
  handledOutOfOrder: Record<'webhook' | 'billing', string[]>;
  charges: number;
  doubleCharged: string[];
  /** Completed sessions outside test mode without a charge. */
  uncharged: string[];
  webhookDeliveries: number;
  /** Events with more than one delivery row (the inbox must prevent it). */
  duplicateDeliveries: number;
  /** Sessions whose webhooks reached the receiver out of outbox order (delivered_at; informative, see docs/operations.md). */
  deliveredOutOfOrder: string[];
}

/** True when the report shows no double completion, no double charge, nothing out of order in the consumers. */
export function ledgerHolds(report: ReplicaLedgerReport): boolean {
  return (
    report.completedTwice.length === 0 &&
    report.unpublished === 0 &&
    report.handledOutOfOrder.webhook.length === 0 &&
    report.handledOutOfOrder.billing.length === 0 &&
    report.doubleCharged.length === 0 &&
    report.uncharged.length === 0 &&
    report.duplicateDeliveries === 0
  );
}

/** Sessions whose rows, read in `order`, do not follow the outbox position. */
function outOfOrder(rows: { session_id: string; position: string }[]): string[] {
  const last = new Map<string, number>();
  const broken = new Set<string>();
  for (const row of rows) {
    const position = Number(row.position);
    if ((last.get(row.session_id) ?? -1) > position) broken.add(row.session_id);
    last.set(row.session_id, position);
  }
  return [...broken];
}

export async function checkReplicaLedgers(databaseUrl: string, sessionIds: string[]): Promise<ReplicaLedgerReport> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const query = async <T>(sql: string) => (await client.query(sql, [sessionIds])).rows as T[];
    const completions = await query<{ session_id: string; environment: string; n: number }>(
      `SELECT session_id, environment, count(*)::int AS n FROM session.outbox
        WHERE type = 'verification.completed' AND session_id = ANY($1::uuid[]) GROUP BY session_id, environment`,
    );
    const completed = completions.map((row) => row.session_id);
    const [{ unpublished }] = await query<{ unpublished: number }>(
      `SELECT count(*)::int AS unpublished FROM session.outbox WHERE published_at IS NULL AND parked_at IS NULL AND session_id = ANY($1::uuid[])`,
    );
    const handled = async (schema: 'webhook' | 'billing') =>
      outOfOrder(
        await query<{ session_id: string; position: string }>(
          `SELECT o.session_id, o.position FROM ${schema}.processed_events p JOIN session.outbox o ON o.id = p.event_id
            WHERE o.session_id = ANY($1::uuid[]) ORDER BY p.processed_at, o.position`,
        ),
      );
    const charges = await query<{ session_id: string; n: number }>(
      `SELECT session_id, count(*)::int AS n FROM billing.charges WHERE session_id = ANY($1::uuid[]) GROUP BY session_id`,
    );
    const charged = new Set(charges.map((row) => row.session_id));
    const deliveries = await query<{ session_id: string; event_id: string; position: string; delivered_at: Date | null }>(
      `SELECT d.session_id, d.event_id, o.position, d.delivered_at FROM webhook.deliveries d JOIN session.outbox o ON o.id = d.event_id
        WHERE d.session_id = ANY($1::uuid[]) ORDER BY d.delivered_at NULLS LAST, o.position`,
    );
    return {
      sessions: sessionIds.length,
      completed: completed.length,
      completedTwice: completions.filter((row) => row.n > 1).map((row) => row.session_id),
      unpublished,
      handledOutOfOrder: { webhook: await handled('webhook'), billing: await handled('billing') },
      charges: charges.reduce((sum, row) => sum + row.n, 0),
      doubleCharged: charges.filter((row) => row.n > 1).map((row) => row.session_id),
      uncharged: completions.filter((row) => row.environment !== 'test' && !charged.has(row.session_id)).map((row) => row.session_id),
      webhookDeliveries: deliveries.length,
      duplicateDeliveries: deliveries.length - new Set(deliveries.map((row) => row.event_id)).size,
      deliveredOutOfOrder: outOfOrder(deliveries.filter((row) => row.delivered_at !== null)),
    };
  } finally {
    await client.end();
  }
}

/** Polls until the outbox of these sessions is published and consumers had `settleMs` to catch up, then reports. */
export async function settledReplicaLedgers(databaseUrl: string, sessionIds: string[], settleMs = 3_000, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let report = await checkReplicaLedgers(databaseUrl, sessionIds);
  while (report.unpublished > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    report = await checkReplicaLedgers(databaseUrl, sessionIds);
  }
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return checkReplicaLedgers(databaseUrl, sessionIds);
}
