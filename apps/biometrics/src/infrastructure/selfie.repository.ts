import { type DataSource, returnedRows } from '@kyc/persistence';
import type { EnrolledFace } from '../domain/duplicate-check';
import type { EmbeddingCipher, StoredEmbedding } from './embedding-cipher';
import { DUPLICATE_KEY_VERSION } from './legacy-duplicate-keys';
import type { RecordedSelfie, SelfieStatus } from '../domain/face-checks';
import type { PortraitComparison } from '../domain/face-match';

export interface StoredSelfie {
  status: SelfieStatus;
  confidence: number;
  qualityReasons: string[];
  embedding: Float32Array | null;
}

export interface MatchOutcome {
  environment: string;
  identityKey: string;
  emailKey: string;
  comparison: PortraitComparison;
  duplicateSuspected: boolean;
}

/** What promoting a selfie candidate can meet. */
export type PromotionResult = 'promoted' | 'unknown_candidate' | 'enrolled';

/**
 * Selfie uploads are stored as candidates; the session promotes one into `selfies`, the
 * session's selfie with its match and its duplicate-index entry. A candidate the session refused
 * or never promoted (an upload that lost a race with submit or a purge) changes nothing and is swept.
 */
export class SelfieRepository {
  /** `embeddings`: the cipher of the face embeddings, which are stored encrypted. */
  constructor(
    private readonly dataSource: DataSource,
    private readonly embeddings: EmbeddingCipher,
  ) {}

  /** Stores the candidate; returns its upload id. */
  async save(input: {
    sessionId: string;
    projectId: string;
    dataGeneration: number;
    width: number;
    height: number;
    selfie: RecordedSelfie;
    /** The image as uploaded, kept sealed for the reviewer's case view (absent in test mode). */
    image?: { bytes: Buffer; type: string };
  }): Promise<string> {
    const { selfie } = input;
    const sealed = selfie.embedding ? this.embeddings.seal(selfie.embedding, input.sessionId) : null;
    const image = input.image ? this.embeddings.sealImage(input.image.bytes, input.sessionId) : null;
    const [{ upload_id: uploadId }]: { upload_id: string }[] = await this.dataSource.query(
      `INSERT INTO biometrics.selfie_candidates (session_id, project_id, liveness_status, liveness_confidence, width, height, embedding, quality_reasons, face_count, data_generation,
                                                 embedding_iv, embedding_auth_tag, embedding_key_id, image, image_iv, image_auth_tag, image_key_id, image_type)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING upload_id`,
      [
        input.sessionId,
        input.projectId,
        selfie.status,
        selfie.confidence,
        input.width,
        input.height,
        sealed?.ciphertext ?? null,
        selfie.qualityReasons,
        selfie.faceCount,
        input.dataGeneration,
        sealed?.iv ?? null,
        sealed?.authTag ?? null,
        sealed?.keyId ?? null,
        image?.ciphertext ?? null,
        image?.iv ?? null,
        image?.authTag ?? null,
        image?.keyId ?? null,
        input.image?.type ?? null,
      ],
    );
    return uploadId;
  }

  /**
   * The candidate becomes the session's selfie, replacing the one before it (and clearing its
   * match). Refused once the session's face is enrolled: a completed verification's face never changes.
   */
  async promote(sessionId: string, uploadId: string): Promise<PromotionResult> {
    return this.dataSource.transaction(async (manager) => {
      const current: { enrolled: boolean }[] = await manager.query(
        `SELECT enrolled_at IS NOT NULL AS enrolled FROM biometrics.selfies WHERE session_id = $1 FOR UPDATE`,
        [sessionId],
      );
      if (current[0]?.enrolled) return 'enrolled';
      const moved: unknown[] = returnedRows(
        await manager.query(
          `WITH candidate AS (DELETE FROM biometrics.selfie_candidates WHERE upload_id = $1 AND session_id = $2 RETURNING *)
           INSERT INTO biometrics.selfies (session_id, project_id, liveness_status, liveness_confidence, width, height, embedding, quality_reasons, face_count, data_generation,
                                           embedding_iv, embedding_auth_tag, embedding_key_id, image, image_iv, image_auth_tag, image_key_id, image_type)
           SELECT session_id, project_id, liveness_status, liveness_confidence, width, height, embedding, quality_reasons, face_count, data_generation,
                  embedding_iv, embedding_auth_tag, embedding_key_id, image, image_iv, image_auth_tag, image_key_id, image_type FROM candidate
           ON CONFLICT (session_id) DO UPDATE SET liveness_status = EXCLUDED.liveness_status, liveness_confidence = EXCLUDED.liveness_confidence,
             width = EXCLUDED.width, height = EXCLUDED.height, embedding = EXCLUDED.embedding, quality_reasons = EXCLUDED.quality_reasons,
             embedding_iv = EXCLUDED.embedding_iv, embedding_auth_tag = EXCLUDED.embedding_auth_tag, embedding_key_id = EXCLUDED.embedding_key_id,
             image = EXCLUDED.image, image_iv = EXCLUDED.image_iv, image_auth_tag = EXCLUDED.image_auth_tag, image_key_id = EXCLUDED.image_key_id,
             image_type = EXCLUDED.image_type,
             face_count = EXCLUDED.face_count, data_generation = EXCLUDED.data_generation, match_status = NULL, match_score = NULL, duplicate_suspected = false, created_at = now()
           RETURNING 1`,
          [uploadId, sessionId],
        ),
      );
      return moved.length ? 'promoted' : 'unknown_candidate';
    });
  }

  /** The session's selfie image, decrypted, for the reviewer's case view; null once dropped or never kept. */
  async selfieImage(sessionId: string, withBytes: boolean): Promise<{ image: Buffer; type: string } | null> {
    if (!UUID_PATTERN.test(sessionId)) return null;
    const rows: { image: Buffer; image_iv: Buffer; image_auth_tag: Buffer; image_key_id: string; image_type: string }[] =
      await this.dataSource.query(
        `SELECT image, image_iv, image_auth_tag, image_key_id, image_type FROM biometrics.selfies WHERE session_id = $1 AND image IS NOT NULL`,
        [sessionId],
      );
    const row = rows[0];
    if (!row) return null;
    if (!withBytes) return { image: Buffer.alloc(0), type: row.image_type };
    const sealed = { ciphertext: row.image, iv: row.image_iv, authTag: row.image_auth_tag, keyId: row.image_key_id };
    return { image: this.embeddings.openImage(sealed, sessionId), type: row.image_type };
  }

  /** Drops the selfie image (the session's evidence is purged); the embedding and the match stay. */
  async dropImage(sessionId: string): Promise<boolean> {
    if (!UUID_PATTERN.test(sessionId)) return false;
    const [, changed]: [unknown, number] = await this.dataSource.query(
      `UPDATE biometrics.selfies SET image = NULL, image_iv = NULL, image_auth_tag = NULL, image_key_id = NULL, image_type = NULL
        WHERE session_id = $1 AND image IS NOT NULL`,
      [sessionId],
    );
    await this.dataSource.query(
      `UPDATE biometrics.selfie_candidates SET image = NULL, image_iv = NULL, image_auth_tag = NULL, image_key_id = NULL, image_type = NULL
        WHERE session_id = $1 AND image IS NOT NULL`,
      [sessionId],
    );
    return changed > 0;
  }

  /** Deletes candidates stored before `storedBefore` (never promoted); returns how many went. */
  async deleteStaleCandidates(storedBefore: Date): Promise<number> {
    return returnedRows(
      await this.dataSource.query(`DELETE FROM biometrics.selfie_candidates WHERE created_at < $1 RETURNING 1`, [storedBefore]),
    ).length;
  }

  async find(sessionId: string): Promise<StoredSelfie | null> {
    const rows: ({ status: SelfieStatus; confidence: number; quality_reasons: string[] } & StoredEmbedding)[] = await this.dataSource.query(
      `SELECT liveness_status AS status, liveness_confidence AS confidence, quality_reasons, ${EMBEDDING_COLUMNS} FROM biometrics.selfies WHERE session_id = $1`,
      [sessionId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      status: row.status,
      confidence: Number(row.confidence),
      qualityReasons: row.quality_reasons,
      embedding: this.embeddings.open(row, sessionId),
    };
  }

  async recordMatch(sessionId: string, outcome: MatchOutcome): Promise<void> {
    await this.dataSource.query(
      `UPDATE biometrics.selfies SET environment = $2, identity_key = $3, email_key = $4, match_status = $5, match_score = $6, duplicate_suspected = $7,
              duplicate_key_version = $8
        WHERE session_id = $1`,
      [
        sessionId,
        outcome.environment,
        outcome.identityKey,
        outcome.emailKey,
        outcome.comparison.status,
        outcome.comparison.score,
        outcome.duplicateSuspected,
        DUPLICATE_KEY_VERSION,
      ],
    );
  }

  /** Faces of the completed verifications of one project environment. */
  async enrolledFaces(projectId: string, environment: string): Promise<EnrolledFace[]> {
    const rows: ({ session_id: string; identity_key: string; email_key: string } & StoredEmbedding)[] = await this.dataSource.query(
      `SELECT session_id, ${EMBEDDING_COLUMNS}, identity_key, email_key FROM biometrics.selfies
       WHERE project_id = $1 AND environment = $2 AND enrolled_at IS NOT NULL AND embedding IS NOT NULL`,
      [projectId, environment],
    );
    return rows.map((row) => ({
      sessionId: row.session_id,
      embedding: this.embeddings.open(row, row.session_id) as Float32Array,
      identityKey: row.identity_key,
      emailKey: row.email_key,
    }));
  }

  /** One completed verification's enrolled face, only within its project environment (null otherwise). */
  async findEnrolled(
    sessionId: string,
    projectId: string,
    environment: string,
  ): Promise<{ embedding: Float32Array; identityKey: string } | null> {
    if (!UUID_PATTERN.test(sessionId)) return null;
    const rows: ({ identity_key: string | null } & StoredEmbedding)[] = await this.dataSource.query(
      `SELECT ${EMBEDDING_COLUMNS}, identity_key FROM biometrics.selfies
       WHERE session_id = $1 AND project_id::text = $2 AND environment = $3 AND enrolled_at IS NOT NULL AND embedding IS NOT NULL`,
      [sessionId, projectId, environment],
    );
    const row = rows[0];
    return row ? { embedding: this.embeddings.open(row, sessionId) as Float32Array, identityKey: row.identity_key ?? '' } : null;
  }

  /** The verification completed: its face joins the duplicate index. Idempotent. */
  async enroll(sessionId: string): Promise<boolean> {
    const [, updated]: [unknown, number] = await this.dataSource.query(
      `UPDATE biometrics.selfies SET enrolled_at = now() WHERE session_id = $1 AND enrolled_at IS NULL AND embedding IS NOT NULL AND environment IS NOT NULL`,
      [sessionId],
    );
    return updated > 0;
  }

  /**
   * Deletes the session's selfie record, its embedding, its duplicate-index entry and its
   * candidates, of the data generations up to `throughGeneration` (all when null).
   */
  async purge(sessionId: string, throughGeneration: number | null = null): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const generations = `($2::int IS NULL OR data_generation <= $2)`;
      await manager.query(`DELETE FROM biometrics.selfie_candidates WHERE session_id = $1 AND ${generations}`, [
        sessionId,
        throughGeneration,
      ]);
      const [, deleted]: [unknown, number] = await manager.query(
        `DELETE FROM biometrics.selfies WHERE session_id = $1 AND ${generations}`,
        [sessionId, throughGeneration],
      );
      return deleted > 0;
    });
  }
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The sealed embedding (float32 little-endian, as in memory, under AES-256-GCM) and what opens it. */
const EMBEDDING_COLUMNS = 'embedding, embedding_iv, embedding_auth_tag, embedding_key_id';
