import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The selfie image itself, sealed (AES-256-GCM under BIOMETRICS_ENCRYPTION_KEY, bound to its
 * session), for the reviewer's case view only (issue 29). It lives as long as the session's other
 * evidence images: the purge a decided, failed or expired session asks for drops it
 * (DropSelfieImage), while the embedding stays for the duplicate index.
 */
export class SelfieImages1765800000000 implements MigrationInterface {
  name = 'SelfieImages1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['selfie_candidates', 'selfies'])
      await queryRunner.query(
        `ALTER TABLE biometrics.${table} ADD COLUMN image bytea, ADD COLUMN image_iv bytea, ADD COLUMN image_auth_tag bytea,
           ADD COLUMN image_key_id text, ADD COLUMN image_type text`,
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['selfie_candidates', 'selfies'])
      await queryRunner.query(
        `ALTER TABLE biometrics.${table} DROP COLUMN image, DROP COLUMN image_iv, DROP COLUMN image_auth_tag, DROP COLUMN image_key_id, DROP COLUMN image_type`,
      );
  }
}
