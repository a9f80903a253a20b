import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateEventLog1763870400000 implements MigrationInterface {
  name = 'CreateEventLog1763870400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // An append-only log per topic, and one committed position per consumer group.
    await queryRunner.query(`
      CREATE TABLE eventbus.events (
        position bigserial PRIMARY KEY,
        topic text NOT NULL,
        event_id uuid NOT NULL UNIQUE,
        envelope jsonb NOT NULL,
        published_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX events_topic_position_idx ON eventbus.events (topic, position)`);
    await queryRunner.query(`
      CREATE TABLE eventbus.consumer_offsets (
        consumer_group text NOT NULL,
        topic text NOT NULL,
        position bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (consumer_group, topic)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE eventbus.consumer_offsets');
    await queryRunner.query('DROP TABLE eventbus.events');
  }
}
