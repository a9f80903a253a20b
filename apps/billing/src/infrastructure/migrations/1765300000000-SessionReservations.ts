import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SessionReservations1765300000000 implements MigrationInterface {
  name = 'SessionReservations1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One unit held per open session from its creation: the gate counts these, so concurrent
    // creations cannot all pass on the last unit. Closed when the session is charged or ends unbilled.
    await queryRunner.query(`
      CREATE TABLE billing.session_reservations (
        session_id uuid PRIMARY KEY,
        project_id uuid NOT NULL,
        environment text NOT NULL,
        hold_until timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        closed_by text CHECK (closed_by IN ('charge', 'release'))
      )`);
    await queryRunner.query(
      `CREATE INDEX session_reservations_open_idx ON billing.session_reservations (project_id, environment, hold_until) WHERE closed_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE billing.session_reservations`);
  }
}
