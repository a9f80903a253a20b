import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSideAnalyses1763870400000 implements MigrationInterface {
  name = 'CreateSideAnalyses1763870400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Images themselves are not stored yet: encrypted storage comes with the document-intelligence issue.
    await queryRunner.query(`
      CREATE TABLE document.side_analyses (
        session_id uuid NOT NULL,
        project_id uuid NOT NULL,
        side text NOT NULL CHECK (side IN ('front', 'back', 'main')),
        detected_document_type text NOT NULL,
        detection_confidence double precision NOT NULL,
        analysed boolean NOT NULL,
        issue_codes jsonb NOT NULL DEFAULT '[]',
        width integer NOT NULL,
        height integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (session_id, side)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE document.side_analyses');
  }
}
