import type { DataSource } from '@kyc/persistence';
import type { LivenessResult } from '../domain/face-checks';

/** The latest accepted selfie of each session (a new upload replaces it). */
export class SelfieRepository {
  constructor(private readonly dataSource: DataSource) {}

  async save(input: { sessionId: string; projectId: string; width: number; height: number; liveness: LivenessResult }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO biometrics.selfies (session_id, project_id, liveness_status, liveness_confidence, width, height) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (session_id) DO UPDATE SET liveness_status = EXCLUDED.liveness_status, liveness_confidence = EXCLUDED.liveness_confidence,
         width = EXCLUDED.width, height = EXCLUDED.height, created_at = now()`,
      [input.sessionId, input.projectId, input.liveness.status, input.liveness.confidence, input.width, input.height],
    );
  }

  async exists(sessionId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM biometrics.selfies WHERE session_id = $1`, [sessionId]);
    return rows.length > 0;
  }
}
