import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateDecisions1763870400000 implements MigrationInterface {
  name = 'CreateDecisions1763870400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Every decision keeps its explanation (each signal, value, weight, rule) for reviewers.
    await queryRunner.query(`
      CREATE TABLE scoring.decisions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL,
        attempt_id uuid NOT NULL,
        project_id uuid NOT NULL,
        outcome text NOT NULL,
        confidence double precision NOT NULL,
        issue_codes jsonb NOT NULL,
        explanation jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX decisions_session_idx ON scoring.decisions (session_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE scoring.decisions');
  }
}
