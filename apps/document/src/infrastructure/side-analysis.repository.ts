import { type DataSource, returnedRows } from '@kyc/persistence';
import type { DocumentSide } from '../domain/side-analysis';
import type { RecordedSide } from '../domain/side-judgement';
import type { SealedImage } from './image-cipher';

export interface SideToSave {
  sessionId: string;
  projectId: string;
  side: DocumentSide;
  /** The session's data generation when the upload started. */
  dataGeneration: number;
  width: number;
  height: number;
  answer: {
    detectedDocumentType: string;
    detectionConfidence: number;
    isValidDocument: boolean;
    requiresBackSide: boolean;
    issueCodes: string[];
    analysed: boolean;
  };
  /** Null in test mode, where nothing is analysed. */
  analysis: RecordedSide | null;
  image: { format: 'jpeg' | 'png'; sealed: SealedImage };
}

export interface PromotedSide {
  side: DocumentSide;
  detectedDocumentType: string;
  detectionConfidence: number;
  /** Null in test mode. */
  analysis: RecordedSide | null;
  imageAvailable: boolean;
}

/**
 * Every upload is stored as a candidate (its analysis and its encrypted image) under a new upload
 * id; the session promotes one candidate per side. Reads see promoted sides only, so a candidate
 * that the session refused (a retake, a closed session, an upload that lost a race with submit or
 * a purge) never changes what the session was judged on. Candidates never promoted are swept.
 */
export class SideAnalysisRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores the candidate; returns its upload id. */
  async save(input: SideToSave): Promise<string> {
    const { answer, image } = input;
    return this.dataSource.transaction(async (manager) => {
      const [{ upload_id: uploadId }]: { upload_id: string }[] = await manager.query(
        `INSERT INTO document.side_analyses (session_id, project_id, side, detected_document_type, detection_confidence, analysed, issue_codes, width, height,
           is_valid_document, requires_back_side, analysis, data_generation)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         RETURNING upload_id`,
        [
          input.sessionId,
          input.projectId,
          input.side,
          answer.detectedDocumentType,
          answer.detectionConfidence,
          answer.analysed,
          JSON.stringify(answer.issueCodes),
          input.width,
          input.height,
          answer.isValidDocument,
          answer.requiresBackSide,
          input.analysis ? JSON.stringify(input.analysis) : null,
          input.dataGeneration,
        ],
      );
      await manager.query(
        `INSERT INTO document.side_images (upload_id, session_id, side, format, iv, auth_tag, ciphertext, key_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          uploadId,
          input.sessionId,
          input.side,
          image.format,
          image.sealed.iv,
          image.sealed.authTag,
          image.sealed.ciphertext,
          image.sealed.keyId,
        ],
      );
      return uploadId;
    });
  }

  /**
   * Makes the candidate the session's side and deletes the side it replaces (analysis and image).
   * Promoting the promoted upload again is a no-op; false when no such candidate exists (swept,
   * purged, or another session's or side's).
   */
  async promote(sessionId: string, side: DocumentSide, uploadId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const candidate: { promoted: boolean }[] = await manager.query(
        `SELECT promoted_at IS NOT NULL AS promoted FROM document.side_analyses WHERE upload_id = $1 AND session_id = $2 AND side = $3 FOR UPDATE`,
        [uploadId, sessionId, side],
      );
      if (!candidate.length) return false;
      if (candidate[0].promoted) return true;
      await manager.query(`DELETE FROM document.side_analyses WHERE session_id = $1 AND side = $2 AND promoted_at IS NOT NULL`, [
        sessionId,
        side,
      ]);
      await manager.query(`UPDATE document.side_analyses SET promoted_at = now() WHERE upload_id = $1`, [uploadId]);
      return true;
    });
  }

  /** Deletes candidates stored before `storedBefore` and never promoted; returns how many went. */
  async deleteStaleCandidates(storedBefore: Date): Promise<number> {
    return returnedRows(
      await this.dataSource.query(`DELETE FROM document.side_analyses WHERE promoted_at IS NULL AND created_at < $1 RETURNING 1`, [
        storedBefore,
      ]),
    ).length;
  }

  /** The analysed sides of a session (test-mode sides carry no analysis and are left out). */
  async analysedSides(sessionId: string): Promise<RecordedSide[]> {
    const rows: { analysis: RecordedSide }[] = await this.dataSource.query(
      `SELECT analysis FROM document.side_analyses WHERE session_id = $1 AND promoted_at IS NOT NULL AND analysis IS NOT NULL`,
      [sessionId],
    );
    return rows.map((row) => row.analysis);
  }

  async analysedSide(sessionId: string, side: DocumentSide): Promise<RecordedSide | null> {
    const rows: { analysis: RecordedSide }[] = await this.dataSource.query(
      `SELECT analysis FROM document.side_analyses WHERE session_id = $1 AND side = $2 AND promoted_at IS NOT NULL AND analysis IS NOT NULL`,
      [sessionId, side],
    );
    return rows[0]?.analysis ?? null;
  }

  /** The promoted sides with what the reviewer's case view shows of them (no image bytes). */
  async promotedSides(sessionId: string): Promise<PromotedSide[]> {
    return this.dataSource.query(
      `SELECT a.side, a.detected_document_type AS "detectedDocumentType", a.detection_confidence AS "detectionConfidence", a.analysis,
              EXISTS (SELECT 1 FROM document.side_images i WHERE i.upload_id = a.upload_id) AS "imageAvailable"
         FROM document.side_analyses a WHERE a.session_id = $1 AND a.promoted_at IS NOT NULL ORDER BY a.side`,
      [sessionId],
    );
  }

  async sealedImage(sessionId: string, side: DocumentSide): Promise<{ format: string; sealed: SealedImage } | null> {
    const rows: { format: string; iv: Buffer; auth_tag: Buffer; ciphertext: Buffer; key_id: string }[] = await this.dataSource.query(
      `SELECT i.format, i.iv, i.auth_tag, i.ciphertext, i.key_id FROM document.side_images i JOIN document.side_analyses a USING (upload_id)
       WHERE a.session_id = $1 AND a.side = $2 AND a.promoted_at IS NOT NULL`,
      [sessionId, side],
    );
    const row = rows[0];
    return row
      ? { format: row.format, sealed: { iv: row.iv, authTag: row.auth_tag, ciphertext: row.ciphertext, keyId: row.key_id } }
      : null;
  }

  /**
   * Deletes the session's sides, promoted or candidate, their analyses and (by cascade) their
   * images, of the data generations up to `throughGeneration` (all when null); returns the promoted sides.
   */
  async purge(sessionId: string, throughGeneration: number | null): Promise<number> {
    const deleted: { promoted: boolean }[] = returnedRows(
      await this.dataSource.query(
        `DELETE FROM document.side_analyses WHERE session_id = $1 AND ($2::int IS NULL OR data_generation <= $2) RETURNING promoted_at IS NOT NULL AS promoted`,
        [sessionId, throughGeneration],
      ),
    );
    return deleted.filter((row) => row.promoted).length;
  }
}
