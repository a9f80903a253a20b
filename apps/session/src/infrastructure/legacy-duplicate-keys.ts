import type { DataSource } from '@kyc/persistence';
import { DUPLICATE_KEY_VERSION, rekeyLegacyDuplicateKey } from '../domain/duplicate-key';

/**
 * Re-keys the identity keys still stored as plain SHA-256 (key version 0) into HMACs, in batches.
 * Run at start and then periodically, so keys a previous release's replica wrote during a rolling
 * upgrade are re-keyed too. Idempotent, and safe on several replicas at once (a row is only
 * updated while it is still at version 0, and every replica computes the same key).
 */
export class LegacyDuplicateKeys {
  constructor(
    private readonly dataSource: DataSource,
    private readonly secret: string,
  ) {}

  /** Returns how many attempts were re-keyed. */
  async rekeyAll(batchSize = 500): Promise<number> {
    let rekeyed = 0;
    for (;;) {
      const rows: { id: string; identity_key: string }[] = await this.dataSource.query(
        `SELECT id, identity_key FROM session.attempts WHERE duplicate_key_version = 0 AND identity_key IS NOT NULL LIMIT $1`,
        [batchSize],
      );
      if (rows.length === 0) return rekeyed;
      await this.dataSource.query(
        `UPDATE session.attempts a SET identity_key = v.key, duplicate_key_version = $3
           FROM unnest($1::uuid[], $2::text[]) AS v(id, key)
          WHERE a.id = v.id AND a.duplicate_key_version = 0`,
        [rows.map((row) => row.id), rows.map((row) => rekeyLegacyDuplicateKey(this.secret, row.identity_key)), DUPLICATE_KEY_VERSION],
      );
      rekeyed += rows.length;
    }
  }
}
