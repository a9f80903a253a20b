import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One-time QR hand-off codes (issue 25, item 2). Only a hash of each code is stored, and the
 * embed token it opens is sealed with a key derived from the code: the table alone opens nothing.
 */
export class CreateWidgetHandoffs1764300000000 implements MigrationInterface {
  name = 'CreateWidgetHandoffs1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE gateway.widget_handoffs (
        code_hash text PRIMARY KEY,
        session_id text NOT NULL,
        sealed_token bytea,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        opened_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX widget_handoffs_session_idx ON gateway.widget_handoffs (session_id)`);
    await queryRunner.query(`CREATE INDEX widget_handoffs_expires_idx ON gateway.widget_handoffs (expires_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE gateway.widget_handoffs');
  }
}
