import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-project-environment windows of server-side calls (spec part 8), shared by every gateway replica. */
export class CreateApiCallWindows1764200000000 implements MigrationInterface {
  name = 'CreateApiCallWindows1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE gateway.api_call_windows (
        project_id text NOT NULL,
        environment text NOT NULL,
        call_class text NOT NULL,
        window_started_at timestamptz NOT NULL,
        calls integer NOT NULL,
        PRIMARY KEY (project_id, environment, call_class, window_started_at)
      )`);
    await queryRunner.query(`CREATE INDEX api_call_windows_started_idx ON gateway.api_call_windows (window_started_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE gateway.api_call_windows');
  }
}
