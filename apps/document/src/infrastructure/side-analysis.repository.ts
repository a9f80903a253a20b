import { type DataSource, returnedRows } from '@kyc/persistence';
import type { DocumentSide } from '../domain/side-analysis';
import type { RecordedSide } from '../domain/side-judgement';
import type { SealedImage } from './image-cipher';

export interface SideToSave {
  sessionId: string;
  projectId: string;
  side: DocumentSide;
  width: number;
  height: number;
  answer: { detectedDocumentType: string; detectionConfidence: number; isValidDocument: boolean; requiresBackSide: boolean; issueCodes: string[]; analysed: boolean };
  /** Null in test mode, where nothing is analysed. */
  analysis: RecordedSide | null;
  image: { format: 'jpeg' | 'png'; sealed: SealedImage };
}

/** One row per session side (and its encrypted image); a retake replaces both. */
export class SideAnalysisRepository {
  constructor(private readonly dataSource: DataSource) {}

  async save(input: SideToSave): Promise<void> {
    const { answer, image } = input;
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO document.side_analyses (session_id, project_id, side, detected_document_type, detection_confidence, analysed, issue_codes, width, height,
           is_valid_document, requires_back_side, analysis)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (session_id, side) DO UPDATE SET detected_document_type = EXCLUDED.detected_document_type,
           detection_confidence = EXCLUDED.detection_confidence, analysed = EXCLUDED.analysed, issue_codes = EXCLUDED.issue_codes,
           width = EXCLUDED.width, height = EXCLUDED.height, is_valid_document = EXCLUDED.is_valid_document,
           requires_back_side = EXCLUDED.requires_back_side, analysis = EXCLUDED.analysis, created_at = now()`,
        [input.sessionId, input.projectId, input.side, answer.detectedDocumentType, answer.detectionConfidence, answer.analysed, JSON.stringify(answer.issueCodes),
          input.width, input.height, answer.isValidDocument, answer.requiresBackSide, input.analysis ? JSON.stringify(input.analysis) : null],
      );
      await manager.query(
        `INSERT INTO document.side_images (session_id, side, format, iv, auth_tag, ciphertext, key_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (session_id, side) DO UPDATE SET format = EXCLUDED.format, iv = EXCLUDED.iv, auth_tag = EXCLUDED.auth_tag,
           ciphertext = EXCLUDED.ciphertext, key_id = EXCLUDED.key_id, created_at = now()`,
        [input.sessionId, input.side, image.format, image.sealed.iv, image.sealed.authTag, image.sealed.ciphertext, image.sealed.keyId],
      );
    });
  }

  /** The analysed sides of a session (test-mode sides carry no analysis and are left out). */
  async analysedSides(sessionId: string): Promise<RecordedSide[]> {
    const rows: { analysis: RecordedSide }[] = await this.dataSource.query(
      `SELECT analysis FROM document.side_analyses WHERE session_id = $1 AND analysis IS NOT NULL`,
      [sessionId],
    );
    return rows.map((row) => row.analysis);
  }

  async analysedSide(sessionId: string, side: DocumentSide): Promise<RecordedSide | null> {
    const rows: { analysis: RecordedSide }[] = await this.dataSource.query(
      `SELECT analysis FROM document.side_analyses WHERE session_id = $1 AND side = $2 AND analysis IS NOT NULL`,
      [sessionId, side],
    );
    return rows[0]?.analysis ?? null;
  }

  async sealedImage(sessionId: string, side: DocumentSide): Promise<{ format: string; sealed: SealedImage } | null> {
    const rows: { format: string; iv: Buffer; auth_tag: Buffer; ciphertext: Buffer; key_id: string }[] = await this.dataSource.query(
      `SELECT format, iv, auth_tag, ciphertext, key_id FROM document.side_images WHERE session_id = $1 AND side = $2`,
      [sessionId, side],
    );
    const row = rows[0];
    return row ? { format: row.format, sealed: { iv: row.iv, authTag: row.auth_tag, ciphertext: row.ciphertext, keyId: row.key_id } } : null;
  }

  /** Deletes every side of the session, its analysis and (by cascade) its image; returns the sides. */
  async purge(sessionId: string): Promise<number> {
    return returnedRows(await this.dataSource.query(`DELETE FROM document.side_analyses WHERE session_id = $1 RETURNING 1`, [sessionId])).length;
  }
}
