import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HeldDeliveries1764028800000 implements MigrationInterface {
  name = 'HeldDeliveries1764028800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // `held`: a completion waiting for proof-of-address processing; never claimed until released.
    await queryRunner.query(`ALTER TABLE webhook.deliveries DROP CONSTRAINT deliveries_status_check`);
    await queryRunner.query(
      `ALTER TABLE webhook.deliveries ADD CONSTRAINT deliveries_status_check CHECK (status IN ('held', 'pending', 'sending', 'delivered', 'failed'))`,
    );
    await queryRunner.query(
      `CREATE INDEX deliveries_held_idx ON webhook.deliveries (project_id, environment, session_id) WHERE status = 'held'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX webhook.deliveries_held_idx`);
    await queryRunner.query(`UPDATE webhook.deliveries SET status = 'pending' WHERE status = 'held'`);
    await queryRunner.query(`ALTER TABLE webhook.deliveries DROP CONSTRAINT deliveries_status_check`);
    await queryRunner.query(
      `ALTER TABLE webhook.deliveries ADD CONSTRAINT deliveries_status_check CHECK (status IN ('pending', 'sending', 'delivered', 'failed'))`,
    );
  }
}
