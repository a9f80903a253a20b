import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Project configuration per environment (spec part 1) and proof-of-address jobs (spec 4.9).
 *
 * - `environment_settings`: one row per project environment once an operator changed something;
 *   a missing row means the defaults. The project-wide `allow_manual_upload` moves here (its
 *   value is kept for each environment of projects that had turned it off).
 * - A session keeps the settings in force when it was created (`poa_required`,
 *   `poa_max_age_months`, `allow_manual_upload`): a change mid-flow never changes the rules of a
 *   verification already under way.
 * - `poa_jobs`: one row per proof-of-address upload; the session points at the latest
 *   (`poa_job_id`) and mirrors its status (`poa_status`), which holds the completion webhook.
 */
export class EnvironmentSettingsAndProofOfAddress1765120000000 implements MigrationInterface {
  name = 'EnvironmentSettingsAndProofOfAddress1765120000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE session.environment_settings (
        project_id uuid NOT NULL REFERENCES session.projects (id),
        environment text NOT NULL,
        poa_required boolean NOT NULL DEFAULT false,
        poa_max_age_months integer NOT NULL DEFAULT 3,
        allow_manual_upload boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, environment)
      )`);
    await queryRunner.query(`
      INSERT INTO session.environment_settings (project_id, environment, allow_manual_upload)
      SELECT p.id, e.environment, false FROM session.projects p CROSS JOIN (VALUES ('test'), ('sandbox'), ('live')) AS e (environment)
       WHERE NOT p.allow_manual_upload`);
    await queryRunner.query(`ALTER TABLE session.projects DROP COLUMN allow_manual_upload`);
    await queryRunner.query(`
      ALTER TABLE session.sessions
        ADD COLUMN poa_required boolean NOT NULL DEFAULT false,
        ADD COLUMN poa_max_age_months integer NOT NULL DEFAULT 3,
        ADD COLUMN allow_manual_upload boolean NOT NULL DEFAULT true,
        ADD COLUMN poa_job_id uuid,
        ADD COLUMN poa_status text`);
    await queryRunner.query(`
      CREATE TABLE session.poa_jobs (
        id uuid PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES session.sessions (id),
        status text NOT NULL DEFAULT 'pending',
        reasons text[] NOT NULL DEFAULT '{}',
        document_kind text,
        media_type text NOT NULL,
        data_generation integer NOT NULL,
        tries integer NOT NULL DEFAULT 0,
        -- When the stalled-job sweeper may take a pending job (its analysis died with a process).
        next_try_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX poa_jobs_session_idx ON session.poa_jobs (session_id)`);
    await queryRunner.query(`CREATE INDEX poa_jobs_pending_idx ON session.poa_jobs (next_try_at) WHERE status = 'pending'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE session.poa_jobs`);
    await queryRunner.query(`
      ALTER TABLE session.sessions DROP COLUMN poa_required, DROP COLUMN poa_max_age_months, DROP COLUMN allow_manual_upload,
        DROP COLUMN poa_job_id, DROP COLUMN poa_status`);
    await queryRunner.query(`ALTER TABLE session.projects ADD COLUMN allow_manual_upload boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`
      UPDATE session.projects p SET allow_manual_upload = false
       WHERE EXISTS (SELECT 1 FROM session.environment_settings s WHERE s.project_id = p.id AND NOT s.allow_manual_upload)`);
    await queryRunner.query(`DROP TABLE session.environment_settings`);
  }
}
