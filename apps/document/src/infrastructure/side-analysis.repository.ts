import { type DataSource, returnedRows } from '@kyc/persistence';
import type { DocumentSide, SideAnalysisResult } from '../domain/side-analysis';

/** One row per session side; a retake replaces the side's row. */
export class SideAnalysisRepository {
  constructor(private readonly dataSource: DataSource) {}

  async save(input: { sessionId: string; projectId: string; side: DocumentSide; width: number; height: number; result: SideAnalysisResult }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO document.side_analyses (session_id, project_id, side, detected_document_type, detection_confidence, analysed, issue_codes, width, height)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (session_id, side) DO UPDATE SET detected_document_type = EXCLUDED.detected_document_type,
         detection_confidence = EXCLUDED.detection_confidence, analysed = EXCLUDED.analysed, issue_codes = EXCLUDED.issue_codes,
         width = EXCLUDED.width, height = EXCLUDED.height, created_at = now()`,
      [input.sessionId, input.projectId, input.side, input.result.detectedDocumentType, input.result.detectionConfidence, input.result.analysed,
        JSON.stringify(input.result.issueCodes), input.width, input.height],
    );
  }

  async documentType(sessionId: string): Promise<string> {
    const rows: { type: string }[] = await this.dataSource.query(
      `SELECT detected_document_type AS type FROM document.side_analyses WHERE session_id = $1 AND side IN ('front', 'main') ORDER BY created_at DESC LIMIT 1`,
      [sessionId],
    );
    return rows[0]?.type ?? '';
  }

  async purge(sessionId: string): Promise<number> {
    return returnedRows(await this.dataSource.query(`DELETE FROM document.side_analyses WHERE session_id = $1 RETURNING 1`, [sessionId])).length;
  }
}
