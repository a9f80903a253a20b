import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StoreSideImagesAndAnalysis1764115200000 implements MigrationInterface {
  name = 'StoreSideImagesAndAnalysis1764115200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // What the upload answered, and the analysis summary (NULL in test mode and for rows recorded
    // before sandbox/live analysis existed). No OCR text and no MRZ lines are kept.
    await queryRunner.query(`ALTER TABLE document.side_analyses ADD COLUMN is_valid_document boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE document.side_analyses ADD COLUMN requires_back_side boolean`);
    await queryRunner.query(`ALTER TABLE document.side_analyses ADD COLUMN analysis jsonb`);
    // The stripped, oriented re-encode of each side, AES-256-GCM encrypted. Kept apart from the
    // analysis so evidence reads never load images; deleted with its side (purge, retake).
    await queryRunner.query(`
      CREATE TABLE document.side_images (
        session_id uuid NOT NULL,
        side text NOT NULL,
        format text NOT NULL CHECK (format IN ('jpeg', 'png')),
        iv bytea NOT NULL CHECK (length(iv) = 12),
        auth_tag bytea NOT NULL CHECK (length(auth_tag) = 16),
        ciphertext bytea NOT NULL,
        key_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (session_id, side),
        FOREIGN KEY (session_id, side) REFERENCES document.side_analyses (session_id, side) ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE document.side_images');
    await queryRunner.query('ALTER TABLE document.side_analyses DROP COLUMN analysis');
    await queryRunner.query('ALTER TABLE document.side_analyses DROP COLUMN requires_back_side');
    await queryRunner.query('ALTER TABLE document.side_analyses DROP COLUMN is_valid_document');
  }
}
