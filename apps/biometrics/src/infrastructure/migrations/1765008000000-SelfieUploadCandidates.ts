import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A selfie upload is a candidate until the session promotes it into `selfies` (the session's
 * selfie, its match and its duplicate-index entry); a candidate never promoted is swept.
 */
export class SelfieUploadCandidates1765008000000 implements MigrationInterface {
  name = 'SelfieUploadCandidates1765008000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE biometrics.selfie_candidates (
        upload_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL,
        project_id uuid NOT NULL,
        liveness_status text NOT NULL CHECK (liveness_status IN ('live', 'no_face', 'low_quality', 'not_performed')),
        liveness_confidence double precision NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        embedding bytea,
        quality_reasons text[] NOT NULL DEFAULT '{}',
        face_count integer NOT NULL DEFAULT 0,
        data_generation integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The session's data generation the selfie was uploaded in: a purge takes generations up to its own.
    await queryRunner.query(`ALTER TABLE biometrics.selfies ADD COLUMN data_generation integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`CREATE INDEX selfie_candidates_session_idx ON biometrics.selfie_candidates (session_id)`);
    await queryRunner.query(`CREATE INDEX selfie_candidates_created_idx ON biometrics.selfie_candidates (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE biometrics.selfie_candidates');
    await queryRunner.query('ALTER TABLE biometrics.selfies DROP COLUMN data_generation');
  }
}
