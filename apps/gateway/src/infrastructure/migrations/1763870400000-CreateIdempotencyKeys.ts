import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateIdempotencyKeys1763870400000 implements MigrationInterface {
  name = 'CreateIdempotencyKeys1763870400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE gateway.idempotency_keys (
        project_id uuid NOT NULL,
        idempotency_key text NOT NULL,
        request_hash text NOT NULL,
        state text NOT NULL CHECK (state IN ('in_flight', 'completed')),
        response_status integer,
        response_body jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, idempotency_key)
      )`);
    await queryRunner.query(`CREATE INDEX idempotency_keys_created_idx ON gateway.idempotency_keys (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE gateway.idempotency_keys');
  }
}
