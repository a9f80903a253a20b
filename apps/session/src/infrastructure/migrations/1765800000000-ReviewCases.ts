import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reviewer's side (issue 29).
 *
 * `status_transitions`: every status a session went through, written by triggers on
 * `session.sessions` (the insert and every UPDATE that changes `status`), so no code path that
 * moves a session (the state machine, the lease sweeper's restore, expiry, supersession) can be
 * left out of the history. Sessions from before this migration have no rows before it.
 *
 * `review_case_marks`: who opened a case and when (one row per session and operator, refreshed on
 * every view). It informs the other reviewers, it locks nothing; a mark older than 15 minutes is
 * ignored by the reads, and every mark of a session goes when it leaves manual_review (a trigger
 * too, so a decision, a supersession or any other way out clears it).
 */
export class ReviewCases1765800000000 implements MigrationInterface {
  name = 'ReviewCases1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE session.status_transitions (
        id bigserial PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES session.sessions (id) ON DELETE CASCADE,
        from_status text,
        to_status text NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query(`CREATE INDEX status_transitions_session_idx ON session.status_transitions (session_id, id)`);
    await queryRunner.query(`
      CREATE TABLE session.review_case_marks (
        session_id uuid NOT NULL REFERENCES session.sessions (id) ON DELETE CASCADE,
        operator_id text NOT NULL,
        opened_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (session_id, operator_id)
      )`);
    await queryRunner.query(`
      CREATE FUNCTION session.record_status_transition() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO session.status_transitions (session_id, from_status, to_status) VALUES (NEW.id, NULL, NEW.status);
        ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
          INSERT INTO session.status_transitions (session_id, from_status, to_status) VALUES (NEW.id, OLD.status, NEW.status);
          IF OLD.status = 'manual_review' THEN
            DELETE FROM session.review_case_marks WHERE session_id = NEW.id;
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER sessions_status_transitions AFTER INSERT OR UPDATE OF status ON session.sessions
        FOR EACH ROW EXECUTE FUNCTION session.record_status_transition()`);
    // The review queue: manual_review sessions of a project, oldest first.
    await queryRunner.query(
      `CREATE INDEX sessions_review_queue_idx ON session.sessions (project_id, environment, updated_at) WHERE status = 'manual_review'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX session.sessions_review_queue_idx`);
    await queryRunner.query(`DROP TRIGGER sessions_status_transitions ON session.sessions`);
    await queryRunner.query(`DROP FUNCTION session.record_status_transition()`);
    await queryRunner.query(`DROP TABLE session.review_case_marks`);
    await queryRunner.query(`DROP TABLE session.status_transitions`);
  }
}
