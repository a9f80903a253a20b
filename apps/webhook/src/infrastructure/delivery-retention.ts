import { type DataSource, returnedRows } from '@kyc/persistence';

/**
 * Webhook bodies carry personal data (names, birth date, client metadata): a delivery that ended
 * (delivered, or failed for good) is deleted with its attempts once WEBHOOK_DELIVERY_RETENTION_DAYS
 * have passed since it ended (delivered_at; for a failed one its last attempt, next_attempt_at) (docs/retention.md). Pending, sending and held deliveries are never
 * touched. In batches, so one sweep never holds a long lock.
 */
export class DeliveryRetention {
  constructor(private readonly dataSource: DataSource) {}

  /** Deletes the deliveries that ended before `endedBefore`; returns how many went. */
  async pruneEnded(endedBefore: Date, batchSize = 1_000): Promise<number> {
    let pruned = 0;
    for (;;) {
      const deleted = await this.dataSource.transaction(async (manager) => {
        const ids: { id: string }[] = await manager.query(
          `SELECT id FROM webhook.deliveries
            WHERE (status = 'delivered' AND delivered_at < $1) OR (status = 'failed' AND next_attempt_at < $1)
            LIMIT $2 FOR UPDATE SKIP LOCKED`,
          [endedBefore, batchSize],
        );
        if (ids.length === 0) return 0;
        const list = ids.map((row) => row.id);
        await manager.query(`DELETE FROM webhook.delivery_attempts WHERE delivery_id = ANY($1::uuid[])`, [list]);
        return returnedRows(await manager.query(`DELETE FROM webhook.deliveries WHERE id = ANY($1::uuid[]) RETURNING 1`, [list])).length;
      });
      pruned += deleted;
      if (deleted < batchSize) return pruned;
    }
  }
}
