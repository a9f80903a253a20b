import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sides are stored as candidates under an upload id and become the session's side only when the
 * session promotes them (at most one promoted row per session side). Rows stored before this
 * migration were the sessions' sides, so they start promoted.
 */
export class SideUploadCandidates1765008000000 implements MigrationInterface {
  name = 'SideUploadCandidates1765008000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE document.side_images DROP CONSTRAINT side_images_session_id_side_fkey`);
    await queryRunner.query(`ALTER TABLE document.side_images DROP CONSTRAINT side_images_pkey`);
    await queryRunner.query(`ALTER TABLE document.side_analyses DROP CONSTRAINT side_analyses_pkey`);
    await queryRunner.query(`ALTER TABLE document.side_analyses ADD COLUMN upload_id uuid NOT NULL DEFAULT gen_random_uuid()`);
    await queryRunner.query(`ALTER TABLE document.side_analyses ADD COLUMN promoted_at timestamptz`);
    // The session's data generation the upload started in: a purge takes generations up to its own.
    await queryRunner.query(`ALTER TABLE document.side_analyses ADD COLUMN data_generation integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`UPDATE document.side_analyses SET promoted_at = created_at`);
    await queryRunner.query(`ALTER TABLE document.side_analyses ADD PRIMARY KEY (upload_id)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX side_analyses_promoted_idx ON document.side_analyses (session_id, side) WHERE promoted_at IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX side_analyses_session_idx ON document.side_analyses (session_id)`);
    await queryRunner.query(`CREATE INDEX side_analyses_candidates_idx ON document.side_analyses (created_at) WHERE promoted_at IS NULL`);
    await queryRunner.query(`ALTER TABLE document.side_images ADD COLUMN upload_id uuid`);
    await queryRunner.query(
      `UPDATE document.side_images i SET upload_id = a.upload_id FROM document.side_analyses a WHERE a.session_id = i.session_id AND a.side = i.side`,
    );
    await queryRunner.query(`DELETE FROM document.side_images WHERE upload_id IS NULL`);
    await queryRunner.query(`ALTER TABLE document.side_images ALTER COLUMN upload_id SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE document.side_images ADD PRIMARY KEY (upload_id)`);
    await queryRunner.query(
      `ALTER TABLE document.side_images ADD CONSTRAINT side_images_upload_id_fkey FOREIGN KEY (upload_id) REFERENCES document.side_analyses (upload_id) ON DELETE CASCADE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM document.side_analyses WHERE promoted_at IS NULL`);
    await queryRunner.query(`ALTER TABLE document.side_images DROP CONSTRAINT side_images_upload_id_fkey`);
    await queryRunner.query(`ALTER TABLE document.side_images DROP CONSTRAINT side_images_pkey`);
    await queryRunner.query(`ALTER TABLE document.side_images DROP COLUMN upload_id`);
    await queryRunner.query(`DROP INDEX document.side_analyses_candidates_idx`);
    await queryRunner.query(`DROP INDEX document.side_analyses_session_idx`);
    await queryRunner.query(`DROP INDEX document.side_analyses_promoted_idx`);
    await queryRunner.query(`ALTER TABLE document.side_analyses DROP CONSTRAINT side_analyses_pkey`);
    await queryRunner.query(`ALTER TABLE document.side_analyses DROP COLUMN data_generation`);
    await queryRunner.query(`ALTER TABLE document.side_analyses DROP COLUMN promoted_at`);
    await queryRunner.query(`ALTER TABLE document.side_analyses DROP COLUMN upload_id`);
    await queryRunner.query(`ALTER TABLE document.side_analyses ADD PRIMARY KEY (session_id, side)`);
    await queryRunner.query(`ALTER TABLE document.side_images ADD PRIMARY KEY (session_id, side)`);
    await queryRunner.query(
      `ALTER TABLE document.side_images ADD CONSTRAINT side_images_session_id_side_fkey FOREIGN KEY (session_id, side) REFERENCES document.side_analyses (session_id, side) ON DELETE CASCADE`,
    );
  }
}
