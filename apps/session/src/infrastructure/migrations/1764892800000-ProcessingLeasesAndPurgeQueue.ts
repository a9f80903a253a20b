import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A submit that dies mid-way no longer leaves its session processing for ever: each processing
 * attempt holds a lease and remembers the status it left, so a sweeper can give the session back.
 * Purges become a queue retried until each target acknowledges, instead of a call whose failure was only logged.
 */
export class ProcessingLeasesAndPurgeQueue1764892800000 implements MigrationInterface {
  name = 'ProcessingLeasesAndPurgeQueue1764892800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE session.attempts ADD COLUMN previous_status text, ADD COLUMN lease_expires_at timestamptz`);
    // Attempts left processing by a crash before this migration: their lease is already over.
    await queryRunner.query(
      `UPDATE session.attempts SET lease_expires_at = created_at, previous_status = 'connected' WHERE status = 'processing'`,
    );
    await queryRunner.query(
      `CREATE INDEX attempts_processing_lease_idx ON session.attempts (lease_expires_at) WHERE status = 'processing'`,
    );
    await queryRunner.query(`
      CREATE TABLE session.purge_requests (
        session_id uuid NOT NULL REFERENCES session.sessions (id),
        target text NOT NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        tries integer NOT NULL DEFAULT 0,
        next_try_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        purged_at timestamptz,
        PRIMARY KEY (session_id, target)
      )`);
    await queryRunner.query(`CREATE INDEX purge_requests_due_idx ON session.purge_requests (next_try_at) WHERE purged_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE session.purge_requests`);
    await queryRunner.query(`DROP INDEX session.attempts_processing_lease_idx`);
    await queryRunner.query(`ALTER TABLE session.attempts DROP COLUMN previous_status, DROP COLUMN lease_expires_at`);
  }
}
