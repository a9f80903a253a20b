import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Session creation is idempotent where the row is written: a create whose answer was lost (the
 * gateway killed, the RPC timed out after the insert) and is retried with its key finds the session
 * it made instead of making a second one.
 */
export class SessionIdempotencyKeys1764900000000 implements MigrationInterface {
  name = 'SessionIdempotencyKeys1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE session.sessions ADD COLUMN idempotency_key text, ADD COLUMN idempotency_fingerprint text`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX sessions_idempotency_key_idx ON session.sessions (project_id, idempotency_key) WHERE idempotency_key IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX session.sessions_idempotency_key_idx`);
    await queryRunner.query(`ALTER TABLE session.sessions DROP COLUMN idempotency_key, DROP COLUMN idempotency_fingerprint`);
  }
}
