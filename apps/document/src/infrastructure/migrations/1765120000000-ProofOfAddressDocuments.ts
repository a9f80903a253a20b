import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proof-of-address documents (spec 4.9), one row per job of the session service: the upload
 * encrypted like the side images (a PDF as uploaded, an image as re-encoded by the intake), the
 * recency it is judged with, and its outcome once analysed (a retry answers the stored outcome).
 */
export class ProofOfAddressDocuments1765120000000 implements MigrationInterface {
  name = 'ProofOfAddressDocuments1765120000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE document.poa_documents (
        job_id uuid PRIMARY KEY,
        session_id uuid NOT NULL,
        project_id uuid NOT NULL,
        data_generation integer NOT NULL,
        media_type text NOT NULL,
        max_age_months integer NOT NULL,
        iv bytea NOT NULL,
        auth_tag bytea NOT NULL,
        ciphertext bytea NOT NULL,
        key_id text NOT NULL,
        status text,
        reasons text[] NOT NULL DEFAULT '{}',
        document_kind text,
        created_at timestamptz NOT NULL DEFAULT now(),
        analysed_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX poa_documents_session_idx ON document.poa_documents (session_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE document.poa_documents`);
  }
}
