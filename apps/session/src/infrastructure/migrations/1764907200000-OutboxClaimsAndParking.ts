import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox relay claims rows with a lease instead of holding row locks while it publishes, and
 * parks a row it cannot encode instead of retrying it in front of every later row for ever.
 */
export class OutboxClaimsAndParking1764907200000 implements MigrationInterface {
  name = 'OutboxClaimsAndParking1764907200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE session.outbox ADD COLUMN claimed_until timestamptz, ADD COLUMN parked_at timestamptz, ADD COLUMN park_reason text`,
    );
    await queryRunner.query(`DROP INDEX session.outbox_unpublished_idx`);
    await queryRunner.query(
      `CREATE INDEX outbox_unpublished_idx ON session.outbox (position) WHERE published_at IS NULL AND parked_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX outbox_session_unpublished_idx ON session.outbox (session_id, position) WHERE published_at IS NULL AND parked_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX session.outbox_session_unpublished_idx`);
    await queryRunner.query(`DROP INDEX session.outbox_unpublished_idx`);
    await queryRunner.query(`CREATE INDEX outbox_unpublished_idx ON session.outbox (position) WHERE published_at IS NULL`);
    await queryRunner.query(`ALTER TABLE session.outbox DROP COLUMN claimed_until, DROP COLUMN parked_at, DROP COLUMN park_reason`);
  }
}
