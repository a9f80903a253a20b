import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Face embeddings encrypted at rest (embedding-cipher.ts): `embedding` holds the ciphertext, and
 * its IV, tag and key id sit beside it. A row with `embedding_key_id` NULL still holds a plaintext
 * embedding from before; EmbeddingSealing seals those with BIOMETRICS_ENCRYPTION_KEY, which this
 * migration does not have.
 */
export class SealedEmbeddings1765500001000 implements MigrationInterface {
  name = 'SealedEmbeddings1765500001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['selfies', 'selfie_candidates']) {
      await queryRunner.query(
        `ALTER TABLE biometrics.${table} ADD COLUMN embedding_iv bytea, ADD COLUMN embedding_auth_tag bytea, ADD COLUMN embedding_key_id text`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['selfies', 'selfie_candidates']) {
      await queryRunner.query(
        `ALTER TABLE biometrics.${table} DROP COLUMN embedding_iv, DROP COLUMN embedding_auth_tag, DROP COLUMN embedding_key_id`,
      );
    }
  }
}
