import type { DataSource } from '@kyc/persistence';
import type { RecordedSelfie, SelfieStatus } from '../domain/face-checks';

export interface StoredSelfie {
  status: SelfieStatus;
  confidence: number;
  qualityReasons: string[];
  embedding: Float32Array | null;
}

/** The latest accepted selfie of each session (a new upload replaces it). */
export class SelfieRepository {
  constructor(private readonly dataSource: DataSource) {}

  async save(input: { sessionId: string; projectId: string; width: number; height: number; selfie: RecordedSelfie }): Promise<void> {
    const { selfie } = input;
    const embedding = selfie.embedding ? Buffer.from(selfie.embedding.buffer, selfie.embedding.byteOffset, selfie.embedding.byteLength) : null;
    await this.dataSource.query(
      `INSERT INTO biometrics.selfies (session_id, project_id, liveness_status, liveness_confidence, width, height, embedding, quality_reasons, face_count)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (session_id) DO UPDATE SET liveness_status = EXCLUDED.liveness_status, liveness_confidence = EXCLUDED.liveness_confidence,
         width = EXCLUDED.width, height = EXCLUDED.height, embedding = EXCLUDED.embedding, quality_reasons = EXCLUDED.quality_reasons,
         face_count = EXCLUDED.face_count, created_at = now()`,
      [input.sessionId, input.projectId, selfie.status, selfie.confidence, input.width, input.height, embedding, selfie.qualityReasons, selfie.faceCount],
    );
  }

  async find(sessionId: string): Promise<StoredSelfie | null> {
    const rows: { status: SelfieStatus; confidence: number; quality_reasons: string[]; embedding: Buffer | null }[] = await this.dataSource.query(
      `SELECT liveness_status AS status, liveness_confidence AS confidence, quality_reasons, embedding FROM biometrics.selfies WHERE session_id = $1`,
      [sessionId],
    );
    const row = rows[0];
    if (!row) return null;
    const embedding = row.embedding ? new Float32Array(new Uint8Array(row.embedding).buffer) : null;
    return { status: row.status, confidence: Number(row.confidence), qualityReasons: row.quality_reasons, embedding };
  }

  /** Deletes the session's selfie record and its embedding. */
  async purge(sessionId: string): Promise<boolean> {
    const [, deleted]: [unknown, number] = await this.dataSource.query(`DELETE FROM biometrics.selfies WHERE session_id = $1`, [sessionId]);
    return deleted > 0;
  }
}
