import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSelfies1763870400000 implements MigrationInterface {
  name = 'CreateSelfies1763870400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE biometrics.selfies (
        session_id uuid PRIMARY KEY,
        project_id uuid NOT NULL,
        liveness_status text NOT NULL CHECK (liveness_status IN ('live', 'not_performed')),
        liveness_confidence double precision NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE biometrics.selfies');
  }
}
