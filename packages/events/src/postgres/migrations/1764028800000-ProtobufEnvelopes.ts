import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ProtobufEnvelopes1764028800000 implements MigrationInterface {
  name = 'ProtobufEnvelopes1764028800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Events are stored as they travel on Kafka: the encoded kyc.events.v1.EventEnvelope.
    // Rows written as JSON before this change are consumed already or were never published
    // anywhere but here (a development log): they are dropped rather than re-encoded in SQL.
    await queryRunner.query(`DELETE FROM eventbus.events`);
    await queryRunner.query(`ALTER TABLE eventbus.events DROP COLUMN envelope`);
    await queryRunner.query(`ALTER TABLE eventbus.events ADD COLUMN message bytea NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM eventbus.events`);
    await queryRunner.query(`ALTER TABLE eventbus.events DROP COLUMN message`);
    await queryRunner.query(`ALTER TABLE eventbus.events ADD COLUMN envelope jsonb NOT NULL`);
  }
}
