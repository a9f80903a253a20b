import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A session's deliveries, for its history in the reviewer's case view (issue 29), read by index
 * instead of a scan of every delivery ever made.
 */
export class DeliveriesBySession1765900000000 implements MigrationInterface {
  name = 'DeliveriesBySession1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX deliveries_session_idx ON webhook.deliveries (session_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX webhook.deliveries_session_idx`);
  }
}
