import { createHmac } from 'node:crypto';
import type { DataSource } from '@kyc/persistence';

/** The version of the keys the session service sends now: HMAC-SHA-256 (session's domain/duplicate-key.ts). */
export const DUPLICATE_KEY_VERSION = 1;

/**
 * The session service's key is HMAC(secret, SHA-256 hex of the input), so a plain SHA-256 key
 * stored before becomes the key the same input gets now with the secret alone.
 */
const rekey = (secret: string, legacySha256Hex: string): string =>
  legacySha256Hex === '' ? '' : createHmac('sha256', secret).update(legacySha256Hex).digest('hex');

/**
 * Re-keys the duplicate index rows still holding plain SHA-256 keys (version 0), in batches; run
 * at start and then periodically. Idempotent and safe on several replicas (a row is only updated
 * while still at version 0, and each replica computes the same keys).
 */
export class LegacyDuplicateKeys {
  constructor(
    private readonly dataSource: DataSource,
    private readonly secret: string,
  ) {}

  /** Returns how many selfies were re-keyed. */
  async rekeyAll(batchSize = 500): Promise<number> {
    let rekeyed = 0;
    for (;;) {
      const rows: { session_id: string; identity_key: string; email_key: string }[] = await this.dataSource.query(
        `SELECT session_id, identity_key, email_key FROM biometrics.selfies
          WHERE duplicate_key_version = 0 AND (identity_key <> '' OR email_key <> '') LIMIT $1`,
        [batchSize],
      );
      if (rows.length === 0) return rekeyed;
      await this.dataSource.query(
        `UPDATE biometrics.selfies s SET identity_key = v.identity_key, email_key = v.email_key, duplicate_key_version = $4
           FROM unnest($1::uuid[], $2::text[], $3::text[]) AS v(session_id, identity_key, email_key)
          WHERE s.session_id = v.session_id AND s.duplicate_key_version = 0`,
        [
          rows.map((row) => row.session_id),
          rows.map((row) => rekey(this.secret, row.identity_key)),
          rows.map((row) => rekey(this.secret, row.email_key)),
          DUPLICATE_KEY_VERSION,
        ],
      );
      rekeyed += rows.length;
    }
  }
}
