import type { DataSource } from '@kyc/persistence';
import type { EmbeddingCipher, StoredEmbedding } from './embedding-cipher';

type Row = StoredEmbedding & { id: string; session_id: string };

const TABLES = [
  { table: 'selfies', id: 'session_id' },
  { table: 'selfie_candidates', id: 'upload_id' },
] as const;

/**
 * Seals the embeddings still stored in plaintext (from before encryption at rest) and re-seals
 * those under a previous key of the ring, so an old key can leave BIOMETRICS_ENCRYPTION_PREVIOUS_KEYS
 * (docs/operations.md). Runs every minute in the biometrics service; a row is only replaced while
 * it still holds what was read, so a concurrent promotion, purge or second replica loses nothing.
 */
export class EmbeddingSealing {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cipher: EmbeddingCipher,
  ) {}

  /** Embeddings in plaintext or under a previous key, in both tables. */
  async remaining(): Promise<number> {
    let count = 0;
    for (const { table } of TABLES) {
      const [row]: { n: string }[] = await this.dataSource.query(
        `SELECT count(*) AS n FROM biometrics.${table} WHERE embedding IS NOT NULL AND (embedding_key_id IS NULL OR embedding_key_id = ANY($1::text[]))`,
        [this.cipher.previousKeyIds],
      );
      count += Number(row!.n);
      // A selfie kept for a case still in review may outlive a rotation (manual_review never expires).
      const [images]: { n: string }[] = await this.dataSource.query(
        `SELECT count(*) AS n FROM biometrics.${table} WHERE image IS NOT NULL AND image_key_id = ANY($1::text[])`,
        [this.cipher.previousImageKeyIds],
      );
      count += Number(images!.n);
    }
    return count;
  }

  /** Returns how many embeddings were (re-)sealed. */
  async sealAll(batchSize = 200): Promise<number> {
    let sealed = 0;
    for (const { table, id } of TABLES) {
      for (;;) {
        const rows: Row[] = await this.dataSource.query(
          `SELECT ${id} AS id, session_id, embedding, embedding_iv, embedding_auth_tag, embedding_key_id FROM biometrics.${table}
            WHERE embedding IS NOT NULL AND (embedding_key_id IS NULL OR embedding_key_id = ANY($1::text[])) LIMIT $2`,
          [this.cipher.previousKeyIds, batchSize],
        );
        if (rows.length === 0) break;
        for (const row of rows) {
          const next = this.cipher.seal(this.cipher.open(row, row.session_id)!, row.session_id);
          await this.dataSource.query(
            `UPDATE biometrics.${table} SET embedding = $2, embedding_iv = $3, embedding_auth_tag = $4, embedding_key_id = $5
              WHERE ${id} = $1 AND embedding = $6 AND embedding_key_id IS NOT DISTINCT FROM $7`,
            [row.id, next.ciphertext, next.iv, next.authTag, next.keyId, row.embedding, row.embedding_key_id],
          );
        }
        sealed += rows.length;
      }
      sealed += await this.resealImages(table, id, batchSize);
    }
    return sealed;
  }

  /** Selfie images (kept for the reviewer's case view) under a previous key, sealed again under the current one. */
  private async resealImages(table: string, id: string, batchSize: number): Promise<number> {
    let sealed = 0;
    for (;;) {
      const rows: { id: string; session_id: string; image: Buffer; image_iv: Buffer; image_auth_tag: Buffer; image_key_id: string }[] =
        await this.dataSource.query(
          `SELECT ${id} AS id, session_id, image, image_iv, image_auth_tag, image_key_id FROM biometrics.${table}
            WHERE image IS NOT NULL AND image_key_id = ANY($1::text[]) LIMIT $2`,
          [this.cipher.previousImageKeyIds, batchSize],
        );
      if (rows.length === 0) return sealed;
      for (const row of rows) {
        const opened = this.cipher.openImage(
          { ciphertext: row.image, iv: row.image_iv, authTag: row.image_auth_tag, keyId: row.image_key_id },
          row.session_id,
        );
        const next = this.cipher.sealImage(opened, row.session_id);
        await this.dataSource.query(
          `UPDATE biometrics.${table} SET image = $2, image_iv = $3, image_auth_tag = $4, image_key_id = $5
            WHERE ${id} = $1 AND image = $6 AND image_key_id = $7`,
          [row.id, next.ciphertext, next.iv, next.authTag, next.keyId, row.image, row.image_key_id],
        );
      }
      sealed += rows.length;
    }
  }
}
