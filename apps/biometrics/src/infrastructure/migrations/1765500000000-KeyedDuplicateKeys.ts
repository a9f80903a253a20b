import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The duplicate index's keys become keyed HMACs, computed by the session service (its
 * domain/duplicate-key.ts). `duplicate_key_version`: 0 for plain SHA-256 keys (every row before,
 * and any a previous release's replica writes during a rolling upgrade: the default stays 0, only
 * this release writes 1), 1 for HMACs. LegacyDuplicateKeys re-keys version-0 rows in place with
 * DUPLICATE_KEY_SECRET, so it is not done here.
 */
export class KeyedDuplicateKeys1765500000000 implements MigrationInterface {
  name = 'KeyedDuplicateKeys1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE biometrics.selfies ADD COLUMN duplicate_key_version smallint NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `CREATE INDEX selfies_legacy_duplicate_key_idx ON biometrics.selfies (session_id) WHERE duplicate_key_version = 0 AND (identity_key <> '' OR email_key <> '')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX biometrics.selfies_legacy_duplicate_key_idx`);
    await queryRunner.query(`ALTER TABLE biometrics.selfies DROP COLUMN duplicate_key_version`);
  }
}
