import { type DataSource, returnedRows } from '@kyc/persistence';
import type { PoaDocumentOutcome, PoaMediaType } from '../domain/proof-of-address';
import type { SealedImage } from './image-cipher';

export interface StoredPoaDocument {
  jobId: string;
  sessionId: string;
  projectId: string;
  dataGeneration: number;
  mediaType: PoaMediaType;
  maxAgeMonths: number;
  sealed: SealedImage;
  /** Null until analysed. */
  outcome: PoaDocumentOutcome | null;
}

interface Row {
  jobId: string;
  sessionId: string;
  projectId: string;
  dataGeneration: number;
  mediaType: PoaMediaType;
  maxAgeMonths: number;
  iv: Buffer;
  authTag: Buffer;
  ciphertext: Buffer;
  keyId: string;
  status: PoaDocumentOutcome['status'] | null;
  reasons: string[];
  documentKind: string | null;
}

/** Proof-of-address documents and their outcomes, one row per job (schema `document`). */
export class ProofOfAddressRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores the document once per job: a retry that sends it again keeps the first copy. */
  async save(document: Omit<StoredPoaDocument, 'outcome'>): Promise<void> {
    const { sealed } = document;
    await this.dataSource.query(
      `INSERT INTO document.poa_documents (job_id, session_id, project_id, data_generation, media_type, max_age_months, iv, auth_tag, ciphertext, key_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (job_id) DO NOTHING`,
      [
        document.jobId,
        document.sessionId,
        document.projectId,
        document.dataGeneration,
        document.mediaType,
        document.maxAgeMonths,
        sealed.iv,
        sealed.authTag,
        sealed.ciphertext,
        sealed.keyId,
      ],
    );
  }

  async find(jobId: string): Promise<StoredPoaDocument | null> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT job_id AS "jobId", session_id AS "sessionId", project_id AS "projectId", data_generation AS "dataGeneration", media_type AS "mediaType",
              max_age_months AS "maxAgeMonths", iv, auth_tag AS "authTag", ciphertext, key_id AS "keyId", status, reasons, document_kind AS "documentKind"
         FROM document.poa_documents WHERE job_id = $1`,
      [jobId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      jobId: row.jobId,
      sessionId: row.sessionId,
      projectId: row.projectId,
      dataGeneration: row.dataGeneration,
      mediaType: row.mediaType,
      maxAgeMonths: row.maxAgeMonths,
      sealed: { iv: row.iv, authTag: row.authTag, ciphertext: row.ciphertext, keyId: row.keyId },
      outcome: row.status ? { status: row.status, reasons: row.reasons, documentKind: row.documentKind ?? 'other' } : null,
    };
  }

  /** The first outcome stays: two analyses of one job (a retry racing the first) answer the same. */
  async recordOutcome(jobId: string, outcome: PoaDocumentOutcome): Promise<PoaDocumentOutcome> {
    const rows: Row[] = await this.dataSource.query(
      `WITH updated AS (
         UPDATE document.poa_documents SET status = $2, reasons = $3, document_kind = $4, analysed_at = now()
          WHERE job_id = $1 AND status IS NULL RETURNING status, reasons, document_kind)
       SELECT status, reasons, document_kind AS "documentKind" FROM updated
       UNION ALL
       SELECT status, reasons, document_kind FROM document.poa_documents WHERE job_id = $1 AND NOT EXISTS (SELECT 1 FROM updated)`,
      [jobId, outcome.status, outcome.reasons, outcome.documentKind],
    );
    const row = rows[0];
    return row?.status ? { status: row.status, reasons: row.reasons, documentKind: row.documentKind ?? 'other' } : outcome;
  }

  /** Deletes the session's documents of the data generations up to `throughGeneration` (all when null). */
  async purge(sessionId: string, throughGeneration: number | null): Promise<number> {
    return returnedRows(
      await this.dataSource.query(
        `DELETE FROM document.poa_documents WHERE session_id = $1 AND ($2::int IS NULL OR data_generation <= $2) RETURNING job_id`,
        [sessionId, throughGeneration],
      ),
    ).length;
  }
}
