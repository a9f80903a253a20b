import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per project environment: how long a completed verification's enrolled face (the embedding the
 * duplicate index and vault reuse compare against) is kept, in days (default 365, 30 to 3650;
 * docs/retention.md). RetentionSweeper purges it afterwards.
 */
export class RetentionSettings1765500002000 implements MigrationInterface {
  name = 'RetentionSettings1765500002000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE session.environment_settings
         ADD COLUMN biometric_retention_days integer NOT NULL DEFAULT 365 CHECK (biometric_retention_days BETWEEN 30 AND 3650)`,
    );
    await queryRunner.query(`CREATE INDEX outbox_published_idx ON session.outbox (published_at) WHERE published_at IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX session.outbox_published_idx`);
    await queryRunner.query(`ALTER TABLE session.environment_settings DROP COLUMN biometric_retention_days`);
  }
}
