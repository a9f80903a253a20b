import { type DataSource, returnedRows } from '@kyc/persistence';
import { IDEMPOTENCY_IN_FLIGHT_LEASE_MS, IDEMPOTENCY_RETENTION_MS, type StoredIdempotencyRecord } from '../domain/idempotency';

/**
 * Idempotency records in the gateway schema. Claiming is one INSERT ... ON CONFLICT DO NOTHING,
 * so of N concurrent requests with one key exactly one wins; the others read the winner's record.
 */
export class IdempotencyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * True when this request now owns the key. A record older than the retention is replaced; so is
   * one left in flight past its lease by a gateway that died mid-request, when the same request
   * comes again (the session service answers the session that request may have made).
   */
  async claim(projectId: string, key: string, requestHash: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO gateway.idempotency_keys (project_id, idempotency_key, request_hash, state) VALUES ($1, $2, $3, 'in_flight')
       ON CONFLICT (project_id, idempotency_key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, state = 'in_flight', response_status = NULL, response_body = NULL, created_at = now()
         WHERE gateway.idempotency_keys.created_at < now() - make_interval(secs => $4)
            OR (gateway.idempotency_keys.state = 'in_flight' AND gateway.idempotency_keys.request_hash = EXCLUDED.request_hash
                AND gateway.idempotency_keys.created_at < now() - make_interval(secs => $5))
       RETURNING 1`,
      [projectId, key, requestHash, IDEMPOTENCY_RETENTION_MS / 1000, IDEMPOTENCY_IN_FLIGHT_LEASE_MS / 1000],
    );
    return rows.length === 1;
  }

  async find(projectId: string, key: string): Promise<StoredIdempotencyRecord | null> {
    const rows: StoredIdempotencyRecord[] = await this.dataSource.query(
      `SELECT request_hash AS "requestHash", state, created_at AS "createdAt", response_status AS "responseStatus", response_body AS "responseBody"
         FROM gateway.idempotency_keys WHERE project_id = $1 AND idempotency_key = $2`,
      [projectId, key],
    );
    return rows[0] ?? null;
  }

  async complete(projectId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.dataSource.query(
      `UPDATE gateway.idempotency_keys SET state = 'completed', response_status = $3, response_body = $4 WHERE project_id = $1 AND idempotency_key = $2`,
      [projectId, key, status, JSON.stringify(body)],
    );
  }

  /** A failed first request releases its key, so a retry can try again (nothing was created). */
  async release(projectId: string, key: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM gateway.idempotency_keys WHERE project_id = $1 AND idempotency_key = $2 AND state = 'in_flight'`,
      [projectId, key],
    );
  }

  async purgeExpired(): Promise<number> {
    const rows = returnedRows(
      await this.dataSource.query(`DELETE FROM gateway.idempotency_keys WHERE created_at < now() - make_interval(secs => $1) RETURNING 1`, [
        IDEMPOTENCY_RETENTION_MS / 1000,
      ]),
    );
    return rows.length;
  }
}
