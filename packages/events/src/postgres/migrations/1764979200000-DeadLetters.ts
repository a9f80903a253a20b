import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DeadLetters1764979200000 implements MigrationInterface {
  name = 'DeadLetters1764979200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // An event whose handler kept failing (or that does not decode) is kept here for an operator
    // instead of being skipped; both transports write it, per consumer group. `message` is the
    // encoded kyc.events.v1.EventEnvelope as it was received (event_id is null when it did not
    // decode). A replay is requested by setting replay_requested_at; the group's consumer runs
    // its handler on the row and sets replayed_at, or records the new failure and clears the request.
    await queryRunner.query(`
      CREATE TABLE eventbus.dead_letters (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        consumer_group text NOT NULL,
        topic text NOT NULL,
        event_id uuid,
        event_type text,
        reason text NOT NULL CHECK (reason IN ('handler_failed', 'undecodable')),
        origin text NOT NULL,
        message bytea NOT NULL,
        last_error text NOT NULL,
        attempts integer NOT NULL,
        first_failed_at timestamptz NOT NULL,
        last_failed_at timestamptz NOT NULL,
        dead_lettered_at timestamptz NOT NULL DEFAULT now(),
        replay_requested_at timestamptz,
        replayed_at timestamptz
      )`);
    // One row per event and group: a Kafka consumer that dies between writing the row and
    // committing its offset writes it again on redelivery.
    await queryRunner.query(
      `CREATE UNIQUE INDEX dead_letters_group_topic_event_idx ON eventbus.dead_letters (consumer_group, topic, event_id) WHERE event_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX dead_letters_group_topic_time_idx ON eventbus.dead_letters (consumer_group, topic, dead_lettered_at DESC)`,
    );
    await queryRunner.query(`CREATE INDEX dead_letters_time_idx ON eventbus.dead_letters (dead_lettered_at DESC)`);
    await queryRunner.query(
      `CREATE INDEX dead_letters_replay_requested_idx ON eventbus.dead_letters (consumer_group, topic, replay_requested_at) WHERE replay_requested_at IS NOT NULL AND replayed_at IS NULL`,
    );

    // The embedded transport's retry state lives on the group's offset row, so every consumer of
    // the group (any replica) honours the same attempt count and backoff, and a restart keeps them.
    await queryRunner.query(`
      ALTER TABLE eventbus.consumer_offsets
        ADD COLUMN retry_event_id uuid,
        ADD COLUMN retry_attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN retry_first_failed_at timestamptz,
        ADD COLUMN retry_not_before timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE eventbus.consumer_offsets
        DROP COLUMN retry_not_before,
        DROP COLUMN retry_first_failed_at,
        DROP COLUMN retry_attempts,
        DROP COLUMN retry_event_id`);
    await queryRunner.query('DROP TABLE eventbus.dead_letters');
  }
}
