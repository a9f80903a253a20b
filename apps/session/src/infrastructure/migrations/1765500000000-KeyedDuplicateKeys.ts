import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Duplicate keys become keyed HMACs (domain/duplicate-key.ts). `duplicate_key_version`: 0 for a
 * plain SHA-256 identity key (every key written before, and any written by a replica of the
 * previous release during a rolling upgrade: the column defaults to 0 and only this release
 * writes 1), 1 for an HMAC. The session service re-keys version-0 rows in place
 * (LegacyDuplicateKeys), which needs the secret, so it is not done here.
 */
export class KeyedDuplicateKeys1765500000000 implements MigrationInterface {
  name = 'KeyedDuplicateKeys1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE session.attempts ADD COLUMN duplicate_key_version smallint NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `CREATE INDEX attempts_legacy_duplicate_key_idx ON session.attempts (id) WHERE duplicate_key_version = 0 AND identity_key IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX session.attempts_legacy_duplicate_key_idx`);
    await queryRunner.query(`ALTER TABLE session.attempts DROP COLUMN duplicate_key_version`);
  }
}
