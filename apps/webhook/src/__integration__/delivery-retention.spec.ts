import { randomUUID } from 'node:crypto';
import { markProcessed, processedEventRetention } from '@kyc/events';
import { loadConfig, processedEventRetentionEnv, z } from '@kyc/config';
import { withServiceDatabase } from '@kyc/testing';
import { createWebhookDataSource } from '../infrastructure/data-source';
import { DeliveryRetention } from '../infrastructure/delivery-retention';

/** Ended webhook deliveries (their bodies carry personal data) deleted after WEBHOOK_DELIVERY_RETENTION_DAYS, on a real PostgreSQL. */
describe('webhook delivery retention (real PostgreSQL)', () => {
  const database = withServiceDatabase(createWebhookDataSource);
  const query = <T>(sql: string, params: unknown[] = []) => database.dataSource.query(sql, params) as Promise<T[]>;

  /** A delivery in `status` whose end (delivered_at, or the last attempt for a failed one) was `daysAgo` days ago, with one attempt. */
  async function delivery(status: 'held' | 'pending' | 'delivered' | 'failed', daysAgo: number): Promise<string> {
    const [{ id }] = await query<{ id: string }>(
      `INSERT INTO webhook.deliveries (event_id, project_id, environment, session_id, event_type, body, status, next_attempt_at, delivered_at, created_at)
       VALUES ($1, $2, 'sandbox', $3, 'verification.completed', '{"extractedData":{"lastName":"MUSTERMANN"}}', $4,
               now() - make_interval(days => $5), CASE WHEN $4 = 'delivered' THEN now() - make_interval(days => $5) END, now() - make_interval(days => $5 + 1))
       RETURNING id`,
      [randomUUID(), randomUUID(), randomUUID(), status, daysAgo],
    );
    await query(
      `INSERT INTO webhook.delivery_attempts (delivery_id, attempt, url, status_code, latency_ms) VALUES ($1, 1, 'https://example.com/hook', 200, 12)`,
      [id],
    );
    return id;
  }
  const exists = async (id: string) => (await query(`SELECT 1 FROM webhook.deliveries WHERE id = $1`, [id])).length === 1;

  it('deletes delivered and failed deliveries that ended before the window, with their attempts; open and recent ones stay', async () => {
    const oldDelivered = await delivery('delivered', 31);
    const oldFailed = await delivery('failed', 31);
    const recentDelivered = await delivery('delivered', 29);
    const oldPending = await delivery('pending', 31);
    const oldHeld = await delivery('held', 31);

    const pruned = await new DeliveryRetention(database.dataSource).pruneEnded(new Date(Date.now() - 30 * 86_400_000), 1);
    expect(pruned).toBe(2);
    expect(await exists(oldDelivered)).toBe(false);
    expect(await exists(oldFailed)).toBe(false);
    expect(
      await query(`SELECT 1 FROM webhook.delivery_attempts WHERE delivery_id = ANY($1::uuid[])`, [[oldDelivered, oldFailed]]),
    ).toHaveLength(0);
    for (const kept of [recentDelivered, oldPending, oldHeld]) expect(await exists(kept)).toBe(true);
  });

  it("forgets the inbox's event ids after PROCESSED_EVENT_RETENTION_DAYS (60 by default), keeps younger ones deduplicating", async () => {
    const handled = async (daysAgo: number) => {
      const id = randomUUID();
      await query(`INSERT INTO webhook.processed_events (event_id, processed_at) VALUES ($1, now() - make_interval(days => $2))`, [
        id,
        daysAgo,
      ]);
      return id;
    };
    const old = [await handled(61), await handled(400)];
    const young = [await handled(59), await handled(0)];
    const { PROCESSED_EVENT_RETENTION_DAYS } = loadConfig(z.object(processedEventRetentionEnv), {});
    expect(PROCESSED_EVENT_RETENTION_DAYS).toBe(60);

    expect(await processedEventRetention(database.dataSource, 'webhook', PROCESSED_EVENT_RETENTION_DAYS)()).toBe(2);
    const left = (await query<{ event_id: string }>(`SELECT event_id FROM webhook.processed_events`)).map((row) => row.event_id);
    for (const id of old) expect(left).not.toContain(id);
    for (const id of young) expect(left).toContain(id);
    // A kept id still deduplicates a redelivery.
    expect(await database.dataSource.transaction((manager) => markProcessed(manager, 'webhook', young[0]!))).toBe(false);
    expect(await processedEventRetention(database.dataSource, 'webhook', PROCESSED_EVENT_RETENTION_DAYS)()).toBe(0);
    // The window is validated: under 8 days (a Kafka topic's default retention is 7) is refused.
    expect(() => loadConfig(z.object(processedEventRetentionEnv), { PROCESSED_EVENT_RETENTION_DAYS: '7' })).toThrow(
      /PROCESSED_EVENT_RETENTION_DAYS/,
    );
  });
});
