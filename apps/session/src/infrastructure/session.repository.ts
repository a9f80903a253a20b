import type { TypedEvent } from '@kyc/events';
import { randomUUID } from 'node:crypto';
import { ErrorCode, KycError } from '@kyc/errors';
import { type DataSource, type EntityManager, returnedRows } from '@kyc/persistence';
import type { EnvironmentName } from '../domain/environment';
import type { UploadProblemState } from '../domain/recoverable-problems';
import type { ClientMetadata } from '../domain/session-request';

/** Which uploads are in. Document sides and the selfie (`face`). */
export type Uploads = Partial<Record<'front' | 'back' | 'main' | 'face', boolean>>;

export interface SessionRecord {
  id: string;
  projectId: string;
  environment: EnvironmentName;
  testMode: boolean;
  status: string;
  clientMetadata: ClientMetadata;
  email: string | null;
  language: string;
  expiryMinutes: number;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  uploads: Uploads;
  documentType: string | null;
  requiresBackSide: boolean | null;
  uploadProblems: UploadProblemState;
  actionCycles: number;
  nextAction: string | null;
  deviceData: Record<string, string>;
  latestAttemptId: string | null;
}

export interface AttemptRecord {
  id: string;
  sessionId: string;
  status: string;
  confidence: number | null;
  documentType: string | null;
  faceMatchStatus: string | null;
  faceMatchScore: number | null;
  poaStatus: string | null;
  failureReason: string | null;
  isReused: boolean;
  extractedData: Record<string, string> | null;
  issueCodes: string[];
  nextAction: string | null;
  /** Internal: the face matched an earlier verification under another identity or e-mail. */
  duplicateSuspected: boolean;
  createdAt: Date;
}

/** An event for the outbox: its kyc.events.v1 message, written in the state change's transaction. */
export type OutboxEvent = TypedEvent & { session: Pick<SessionRecord, 'id' | 'projectId' | 'environment'> };

export interface SessionScope {
  projectId: string;
  environment: EnvironmentName;
}

const SESSION_COLUMNS = `id, project_id AS "projectId", environment, test_mode AS "testMode", status, client_metadata AS "clientMetadata",
  email, language, expiry_minutes AS "expiryMinutes", expires_at AS "expiresAt", created_at AS "createdAt", updated_at AS "updatedAt",
  uploads, document_type AS "documentType", requires_back_side AS "requiresBackSide", upload_problems AS "uploadProblems",
  action_cycles AS "actionCycles", next_action AS "nextAction", device_data AS "deviceData", latest_attempt_id AS "latestAttemptId"`;

const ATTEMPT_COLUMNS = `id, session_id AS "sessionId", status, confidence, document_type AS "documentType", face_match_status AS "faceMatchStatus",
  face_match_score AS "faceMatchScore", poa_status AS "poaStatus", failure_reason AS "failureReason", is_reused AS "isReused",
  extracted_data AS "extractedData", issue_codes AS "issueCodes", next_action AS "nextAction", duplicate_suspected AS "duplicateSuspected",
  created_at AS "createdAt"`;

/** Fields of a session a use case may change; the repository writes only what is given. */
export type SessionChanges = Partial<Pick<SessionRecord,
  'status' | 'clientMetadata' | 'email' | 'expiresAt' | 'uploads' | 'documentType' | 'requiresBackSide' | 'uploadProblems' |
  'actionCycles' | 'nextAction' | 'deviceData' | 'latestAttemptId'>>;

const CHANGE_COLUMNS: Record<keyof SessionChanges, string> = {
  status: 'status', clientMetadata: 'client_metadata', email: 'email', expiresAt: 'expires_at', uploads: 'uploads',
  documentType: 'document_type', requiresBackSide: 'requires_back_side', uploadProblems: 'upload_problems',
  actionCycles: 'action_cycles', nextAction: 'next_action', deviceData: 'device_data', latestAttemptId: 'latest_attempt_id',
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sessions, attempts and the outbox, always scoped to the caller's project environment. */
export class SessionRepository {
  constructor(readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('READ COMMITTED', work);
  }

  async insert(manager: EntityManager, session: Omit<SessionRecord, 'createdAt' | 'updatedAt' | 'uploads' | 'documentType' | 'requiresBackSide' | 'uploadProblems' | 'actionCycles' | 'nextAction' | 'deviceData' | 'latestAttemptId'> & { createdAt: Date }): Promise<SessionRecord> {
    const rows: SessionRecord[] = await manager.query(
      `INSERT INTO session.sessions (id, project_id, environment, test_mode, status, client_metadata, email, language, expiry_minutes, expires_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING ${SESSION_COLUMNS}`,
      [session.id, session.projectId, session.environment, session.testMode, session.status, JSON.stringify(session.clientMetadata), session.email,
        session.language, session.expiryMinutes, session.expiresAt, session.createdAt],
    );
    return rows[0];
  }

  /** A session of another project or environment is indistinguishable from a missing one (KYC_001). */
  async find(scope: SessionScope, sessionId: string, manager: EntityManager = this.dataSource.manager, lock = false): Promise<SessionRecord> {
    if (!UUID_PATTERN.test(sessionId)) throw new KycError(ErrorCode.SESSION_NOT_FOUND);
    const rows: SessionRecord[] = await manager.query(
      `SELECT ${SESSION_COLUMNS} FROM session.sessions WHERE id = $1 AND project_id = $2 AND environment = $3${lock ? ' FOR UPDATE' : ''}`,
      [sessionId, scope.projectId, scope.environment],
    );
    if (!rows[0]) throw new KycError(ErrorCode.SESSION_NOT_FOUND);
    return rows[0];
  }

  /** Admin access: any environment of one project, locked for a reviewer's decision. */
  async findInProjectForUpdate(manager: EntityManager, projectId: string, sessionId: string): Promise<SessionRecord> {
    if (!UUID_PATTERN.test(sessionId)) throw new KycError(ErrorCode.SESSION_NOT_FOUND);
    const rows: SessionRecord[] = await manager.query(`SELECT ${SESSION_COLUMNS} FROM session.sessions WHERE id = $1 AND project_id = $2 FOR UPDATE`, [sessionId, projectId]);
    if (!rows[0]) throw new KycError(ErrorCode.SESSION_NOT_FOUND);
    return rows[0];
  }

  findForUpdate(manager: EntityManager, scope: SessionScope, sessionId: string): Promise<SessionRecord> {
    return this.find(scope, sessionId, manager, true);
  }

  async update(manager: EntityManager, sessionId: string, changes: SessionChanges): Promise<SessionRecord> {
    const entries = Object.entries(changes) as [keyof SessionChanges, unknown][];
    const assignments = entries.map(([key], index) => `${CHANGE_COLUMNS[key]} = $${index + 2}`);
    const values = entries.map(([, value]) => (value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value));
    const rows = returnedRows<SessionRecord>(await manager.query(
      `UPDATE session.sessions SET ${[...assignments, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING ${SESSION_COLUMNS}`,
      [sessionId, ...values],
    ));
    return rows[0];
  }

  async insertAttempt(manager: EntityManager, sessionId: string): Promise<string> {
    const id = randomUUID();
    await manager.query(`INSERT INTO session.attempts (id, session_id, status) VALUES ($1, $2, 'processing')`, [id, sessionId]);
    return id;
  }

  async completeAttempt(manager: EntityManager, attemptId: string, outcome: Omit<AttemptRecord, 'id' | 'sessionId' | 'createdAt' | 'isReused' | 'poaStatus'>): Promise<void> {
    await manager.query(
      `UPDATE session.attempts SET status = $2, confidence = $3, document_type = $4, face_match_status = $5, face_match_score = $6,
              failure_reason = $7, extracted_data = $8, issue_codes = $9, next_action = $10, duplicate_suspected = $11, decided_at = now()
        WHERE id = $1`,
      [attemptId, outcome.status, outcome.confidence, outcome.documentType, outcome.faceMatchStatus, outcome.faceMatchScore,
        outcome.failureReason, outcome.extractedData ? JSON.stringify(outcome.extractedData) : null, JSON.stringify(outcome.issueCodes), outcome.nextAction,
        outcome.duplicateSuspected],
    );
  }

  /** A reviewer's decision on the attempt under review. */
  async recordReview(manager: EntityManager, attemptId: string, review: { status: 'success' | 'rejected'; reviewer: string; failureReason: string | null }): Promise<void> {
    await manager.query(
      `UPDATE session.attempts SET status = $2, reviewed_by = $3, reviewed_at = now(), failure_reason = COALESCE($4, failure_reason) WHERE id = $1`,
      [attemptId, review.status, review.reviewer, review.failureReason],
    );
  }

  /** The verification read in one round trip: the session and its latest attempt. */
  async findWithLatestAttempt(scope: SessionScope, sessionId: string): Promise<{ session: SessionRecord; attempt: AttemptRecord | null }> {
    if (!UUID_PATTERN.test(sessionId)) throw new KycError(ErrorCode.SESSION_NOT_FOUND);
    const rows: (SessionRecord & { attempt: AttemptRecord | null })[] = await this.dataSource.query(
      `SELECT ${SESSION_COLUMNS},
              (SELECT row_to_json(a) FROM (SELECT ${ATTEMPT_COLUMNS} FROM session.attempts WHERE id = s.latest_attempt_id) a) AS attempt
         FROM session.sessions s WHERE s.id = $1 AND s.project_id = $2 AND s.environment = $3`,
      [sessionId, scope.projectId, scope.environment],
    );
    if (!rows[0]) throw new KycError(ErrorCode.SESSION_NOT_FOUND);
    const { attempt, ...session } = rows[0];
    // row_to_json gives the attempt's timestamp as text.
    return { session, attempt: attempt ? { ...attempt, createdAt: new Date(attempt.createdAt) } : null };
  }

  async findAttempt(attemptId: string | null, manager: EntityManager = this.dataSource.manager): Promise<AttemptRecord | null> {
    if (!attemptId) return null;
    const rows: AttemptRecord[] = await manager.query(`SELECT ${ATTEMPT_COLUMNS} FROM session.attempts WHERE id = $1`, [attemptId]);
    return rows[0] ?? null;
  }

  async appendOutbox(manager: EntityManager, event: OutboxEvent): Promise<void> {
    await manager.query(
      `INSERT INTO session.outbox (type, session_id, project_id, environment, payload) VALUES ($1, $2, $3, $4, $5)`,
      [event.type, event.session.id, event.session.projectId, event.session.environment, JSON.stringify(event.payload)],
    );
  }

  /** Older sessions of the same person under review in the same environment (spec part 3). */
  async findReviewsToSupersede(manager: EntityManager, newer: SessionRecord): Promise<string[]> {
    if (!newer.email) return [];
    const rows: { id: string }[] = await manager.query(
      `SELECT id FROM session.sessions
        WHERE project_id = $1 AND environment = $2 AND email = $3 AND status = 'manual_review' AND id <> $4 AND created_at <= $5
        FOR UPDATE`,
      [newer.projectId, newer.environment, newer.email, newer.id, newer.createdAt],
    );
    return rows.map((r) => r.id);
  }

  async list(scope: { projectId: string; environment?: EnvironmentName; status?: string; limit: number }): Promise<SessionRecord[]> {
    const conditions = ['project_id::text = $1'];
    const values: unknown[] = [scope.projectId];
    if (scope.environment) conditions.push(`environment = $${values.push(scope.environment)}`);
    if (scope.status) conditions.push(`status = $${values.push(scope.status)}`);
    return this.dataSource.query(
      `SELECT ${SESSION_COLUMNS} FROM session.sessions WHERE ${conditions.join(' AND ')} ORDER BY created_at DESC LIMIT $${values.push(scope.limit)}`,
      values,
    );
  }

  /** Ids of open sessions past their TTL (manual_review never expires), locked for the sweeper. */
  async lockExpiredOpenSessions(manager: EntityManager, now: Date, limit: number): Promise<SessionRecord[]> {
    return manager.query(
      `SELECT ${SESSION_COLUMNS} FROM session.sessions
        WHERE status IN ('pending', 'connected', 'failed', 'action_required') AND expires_at < $1
        ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
  }
}
