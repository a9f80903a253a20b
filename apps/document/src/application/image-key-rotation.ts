import type { DataSource } from '@kyc/persistence';
import type { DocumentSide } from '../domain/side-analysis';
import type { ImageCipher, SealedImage } from '../infrastructure/image-cipher';
import { imageContext } from './document-analysis.service';
import { poaContext } from './proof-of-address.service';

interface SealedRow {
  id: string;
  sessionId: string;
  /** The side of a document image, the job of a proof-of-address file. */
  scope: string;
  iv: Buffer;
  authTag: Buffer;
  ciphertext: Buffer;
  keyId: string;
}

/**
 * Re-seals stored document images and proof-of-address files under the current image key, so an
 * old key can leave the ring. How a key rotates (docs/operations.md): the new key becomes
 * DOCUMENT_ENCRYPTION_KEY, the old one moves to DOCUMENT_ENCRYPTION_PREVIOUS_KEYS; this task
 * (every minute in the document service) re-seals every value under an older key; once
 * `remaining()` is 0 the old key is removed. A row is only replaced while it still holds the
 * ciphertext that was read, so a concurrent purge or a second replica loses nothing.
 */
export class ImageKeyRotation {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cipher: ImageCipher,
  ) {}

  /**
   * Values still sealed under another key than the current one. Those under a key that is in no
   * ring any more (`unknownKey`) cannot be re-sealed: they are not touched, and their sessions'
   * images stay unreadable until the key is back in DOCUMENT_ENCRYPTION_PREVIOUS_KEYS.
   */
  async remaining(): Promise<{ previousKey: number; unknownKey: number }> {
    const [row]: { previous: string; unknown: string }[] = await this.dataSource.query(
      `WITH sealed AS (SELECT key_id FROM document.side_images UNION ALL SELECT key_id FROM document.poa_documents)
       SELECT count(*) FILTER (WHERE key_id = ANY($2::text[])) AS previous,
              count(*) FILTER (WHERE key_id <> $1 AND NOT key_id = ANY($2::text[])) AS unknown FROM sealed`,
      [this.cipher.keyId, this.cipher.previousKeyIds],
    );
    return { previousKey: Number(row!.previous), unknownKey: Number(row!.unknown) };
  }

  /** Re-seals everything under a previous key of the ring, `batchSize` rows a query; returns how many were re-sealed. */
  async resealAll(batchSize = 50): Promise<number> {
    let resealed = 0;
    const previous = this.cipher.previousKeyIds;
    if (previous.length === 0) return 0;
    for (;;) {
      const images: SealedRow[] = await this.dataSource.query(
        `SELECT upload_id AS id, session_id AS "sessionId", side AS scope, iv, auth_tag AS "authTag", ciphertext, key_id AS "keyId"
           FROM document.side_images WHERE key_id = ANY($1::text[]) LIMIT $2`,
        [previous, batchSize],
      );
      const files: SealedRow[] = await this.dataSource.query(
        `SELECT job_id AS id, session_id AS "sessionId", job_id::text AS scope, iv, auth_tag AS "authTag", ciphertext, key_id AS "keyId"
           FROM document.poa_documents WHERE key_id = ANY($1::text[]) LIMIT $2`,
        [previous, batchSize],
      );
      if (images.length === 0 && files.length === 0) return resealed;
      for (const row of images) {
        const context = imageContext(row.sessionId, row.scope as DocumentSide);
        await this.replace('side_images', 'upload_id', row, this.reseal(row, context));
      }
      for (const row of files) await this.replace('poa_documents', 'job_id', row, this.reseal(row, poaContext(row.sessionId, row.scope)));
      resealed += images.length + files.length;
    }
  }

  private reseal(row: SealedRow, context: string): SealedImage {
    return this.cipher.seal(this.cipher.open(row, context), context);
  }

  private async replace(table: 'side_images' | 'poa_documents', idColumn: 'upload_id' | 'job_id', row: SealedRow, sealed: SealedImage) {
    await this.dataSource.query(
      `UPDATE document.${table} SET iv = $3, auth_tag = $4, ciphertext = $5, key_id = $6 WHERE ${idColumn} = $1 AND key_id = $2 AND iv = $7`,
      [row.id, row.keyId, sealed.iv, sealed.authTag, sealed.ciphertext, sealed.keyId, row.iv],
    );
  }
}
