import { randomUUID } from 'node:crypto';
import { ErrorCode, KycError } from '@kyc/errors';
import { type DataSource, type EntityManager, preparedQuery, returnedRows } from '@kyc/persistence';
import { currentTraceparent } from '@kyc/tracing';
import {
  type ClaimedPurge,
  type LapsedAttempt,
  type OutboxEvent,
  PURGE_TARGETS,
  type PurgeTarget,
  type SessionStore,
  type SessionTransaction,
} from '../application/ports/session-store';
import { DUPLICATE_KEY_VERSION } from '../domain/duplicate-key';
import type { EnvironmentName } from '../domain/environment';
import type {
  AttemptOutcome,
  AttemptRecord,
  ConsentRecord,
  IdempotencyClaim,
  NewSession,
  SessionChanges,
  SessionRecord,
  SessionScope,
} from '../domain/session';
import type { SessionStatus } from '../domain/session-status';
import type { ReuseCandidate } from '../domain/vault-reuse';
import type { NewPoaJob, PoaJobRecord, PoaOutcome } from '../domain/proof-of-address';

const SESSION_COLUMNS = `id, project_id AS "projectId", environment, test_mode AS "testMode", status, client_metadata AS "clientMetadata",
  email, language, expiry_minutes AS "expiryMinutes", expires_at AS "expiresAt", created_at AS "createdAt", updated_at AS "updatedAt",
  uploads, document_type AS "documentType", requires_back_side AS "requiresBackSide", upload_problems AS "uploadProblems",
  action_cycles AS "actionCycles", next_action AS "nextAction", device_data AS "deviceData", latest_attempt_id AS "latestAttemptId",
  data_generation AS "dataGeneration", consent_at AS "consentAt", consent_text_version AS "consentTextVersion", consent_locale AS "consentLocale",
  poa_required AS "poaRequired", poa_max_age_months AS "poaMaxAgeMonths", allow_manual_upload AS "allowManualUpload",
  poa_job_id AS "poaJobId", poa_status AS "poaStatus", vault_reuse_enabled AS "vaultReuseEnabled",
  vault_reuse_max_age_days AS "vaultReuseMaxAgeDays", vault_reuse_billing AS "vaultReuseBilling"`;

const POA_JOB_COLUMNS = `j.id, j.session_id AS "sessionId", s.project_id AS "projectId", s.environment, j.status, j.reasons,
  j.document_kind AS "documentKind", j.media_type AS "mediaType", j.data_generation AS "dataGeneration", j.tries,
  j.created_at AS "createdAt", j.completed_at AS "completedAt"`;

const ATTEMPT_COLUMNS = `id, session_id AS "sessionId", status, confidence, document_type AS "documentType", face_match_status AS "faceMatchStatus",
  face_match_score AS "faceMatchScore", poa_status AS "poaStatus", failure_reason AS "failureReason", is_reused AS "isReused",
  extracted_data AS "extractedData", issue_codes AS "issueCodes", next_action AS "nextAction", duplicate_suspected AS "duplicateSuspected",
  created_at AS "createdAt"`;

const FIND_WITH_LATEST_ATTEMPT = `SELECT ${SESSION_COLUMNS},
    (SELECT row_to_json(a) FROM (SELECT ${ATTEMPT_COLUMNS} FROM session.attempts WHERE id = s.latest_attempt_id) a) AS attempt
  FROM session.sessions s WHERE s.id = $1 AND s.project_id = $2 AND s.environment = $3`;

const CHANGE_COLUMNS: Record<keyof SessionChanges, string> = {
  status: 'status',
  clientMetadata: 'client_metadata',
  email: 'email',
  expiresAt: 'expires_at',
  uploads: 'uploads',
  documentType: 'document_type',
  requiresBackSide: 'requires_back_side',
  uploadProblems: 'upload_problems',
  actionCycles: 'action_cycles',
  nextAction: 'next_action',
  deviceData: 'device_data',
  latestAttemptId: 'latest_attempt_id',
  dataGeneration: 'data_generation',
  consentAt: 'consent_at',
  consentTextVersion: 'consent_text_version',
  consentLocale: 'consent_locale',
  poaJobId: 'poa_job_id',
  poaStatus: 'poa_status',
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requireUuid(sessionId: string): void {
  if (!UUID_PATTERN.test(sessionId)) throw new KycError(ErrorCode.SESSION_NOT_FOUND);
}

function firstOrNotFound(rows: SessionRecord[]): SessionRecord {
  if (!rows[0]) throw new KycError(ErrorCode.SESSION_NOT_FOUND);
  return rows[0];
}

async function findAttemptWith(manager: EntityManager, attemptId: string | null): Promise<AttemptRecord | null> {
  if (!attemptId) return null;
  const rows: AttemptRecord[] = await manager.query(`SELECT ${ATTEMPT_COLUMNS} FROM session.attempts WHERE id = $1`, [attemptId]);
  return rows[0] ?? null;
}

/** The session store on PostgreSQL (schema `session`); every query scoped to the caller's project environment. */
export class SessionRepository implements SessionStore {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: SessionTransaction) => Promise<T>): Promise<T> {
    // READ COMMITTED, as every service connection starts (CONNECTION_OPTIONS in @kyc/persistence).
    return this.dataSource.transaction((manager) => work(new PostgresSessionTransaction(manager)));
  }

  async find(scope: SessionScope, sessionId: string): Promise<SessionRecord> {
    requireUuid(sessionId);
    return firstOrNotFound(
      await this.dataSource.query(
        `SELECT ${SESSION_COLUMNS} FROM session.sessions WHERE id = $1 AND project_id = $2 AND environment = $3`,
        [sessionId, scope.projectId, scope.environment],
      ),
    );
  }

  async findWithLatestAttempt(scope: SessionScope, sessionId: string): Promise<{ session: SessionRecord; attempt: AttemptRecord | null }> {
    requireUuid(sessionId);
    // The read behind every GET /v1/verifications/{id} and status poll: prepared once per connection.
    const rows = await preparedQuery<SessionRecord & { attempt: AttemptRecord | null }>(
      this.dataSource,
      'session_find_with_latest_attempt',
      FIND_WITH_LATEST_ATTEMPT,
      [sessionId, scope.projectId, scope.environment],
    );
    if (!rows[0]) throw new KycError(ErrorCode.SESSION_NOT_FOUND);
    const { attempt, ...session } = rows[0];
    // row_to_json gives the attempt's timestamp as text.
    return { session, attempt: attempt ? { ...attempt, createdAt: new Date(attempt.createdAt) } : null };
  }

  findAttempt(attemptId: string | null): Promise<AttemptRecord | null> {
    return findAttemptWith(this.dataSource.manager, attemptId);
  }

  list(filter: { projectId: string; environment?: EnvironmentName; status?: string; limit: number }): Promise<SessionRecord[]> {
    const conditions = ['project_id::text = $1'];
    const values: unknown[] = [filter.projectId];
    if (filter.environment) conditions.push(`environment = $${values.push(filter.environment)}`);
    if (filter.status) conditions.push(`status = $${values.push(filter.status)}`);
    return this.dataSource.query(
      `SELECT ${SESSION_COLUMNS} FROM session.sessions WHERE ${conditions.join(' AND ')} ORDER BY created_at DESC LIMIT $${values.push(filter.limit)}`,
      values,
    );
  }

  async findPoaJob(scope: SessionScope, sessionId: string, jobId: string): Promise<PoaJobRecord> {
    requireUuid(sessionId);
    const rows: PoaJobRecord[] = UUID_PATTERN.test(jobId)
      ? await this.dataSource.query(
          `SELECT ${POA_JOB_COLUMNS} FROM session.poa_jobs j JOIN session.sessions s ON s.id = j.session_id
            WHERE j.id = $1 AND j.session_id = $2 AND s.project_id = $3 AND s.environment = $4`,
          [jobId, sessionId, scope.projectId, scope.environment],
        )
      : [];
    if (!rows[0]) throw new KycError(ErrorCode.NOT_FOUND, 'Proof-of-address job not found');
    return rows[0];
  }

  async claimStalledPoaJobs(now: Date, limit: number, claimMs: number): Promise<PoaJobRecord[]> {
    return returnedRows<PoaJobRecord>(
      await this.dataSource.query(
        `WITH claimed AS (
           UPDATE session.poa_jobs SET tries = tries + 1, next_try_at = $1::timestamptz + make_interval(secs => $3::double precision / 1000)
            WHERE id IN (SELECT id FROM session.poa_jobs WHERE status = 'pending' AND next_try_at <= $1
                          ORDER BY next_try_at LIMIT $2 FOR UPDATE SKIP LOCKED)
           RETURNING *)
         SELECT ${POA_JOB_COLUMNS} FROM claimed j JOIN session.sessions s ON s.id = j.session_id`,
        [now, limit, claimMs],
      ),
    );
  }

  async claimDuePurges(now: Date, limit: number, claimMs: number): Promise<ClaimedPurge[]> {
    const rows = returnedRows<ClaimedPurge>(
      await this.dataSource.query(
        `UPDATE session.purge_requests p SET tries = p.tries + 1, next_try_at = $1::timestamptz + make_interval(secs => $3::double precision / 1000)
        WHERE (p.session_id, p.target) IN (
          SELECT session_id, target FROM session.purge_requests WHERE purged_at IS NULL AND next_try_at <= $1
           ORDER BY next_try_at LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING p.session_id AS "sessionId", p.target, p.tries, p.through_generation AS "throughGeneration"`,
        [now, limit, claimMs],
      ),
    );
    return rows;
  }

  async markPurged(purge: ClaimedPurge): Promise<void> {
    // A purge asked again meanwhile (a later generation) stays due.
    await this.dataSource.query(
      `UPDATE session.purge_requests SET purged_at = now(), last_error = NULL WHERE session_id = $1 AND target = $2 AND through_generation = $3`,
      [purge.sessionId, purge.target, purge.throughGeneration],
    );
  }

  async retryPurgeAt(purge: ClaimedPurge, at: Date, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE session.purge_requests SET next_try_at = $3, last_error = $4 WHERE session_id = $1 AND target = $2 AND purged_at IS NULL`,
      [purge.sessionId, purge.target, at, error.slice(0, 500)],
    );
  }
}

class PostgresSessionTransaction implements SessionTransaction {
  constructor(private readonly manager: EntityManager) {}

  async insert(session: NewSession, idempotency?: IdempotencyClaim): Promise<SessionRecord> {
    const rows: SessionRecord[] = await this.manager.query(
      `INSERT INTO session.sessions (id, project_id, environment, test_mode, status, client_metadata, email, language, expiry_minutes, expires_at, created_at, updated_at,
                                     idempotency_key, idempotency_fingerprint, poa_required, poa_max_age_months, allow_manual_upload,
                                     vault_reuse_enabled, vault_reuse_max_age_days, vault_reuse_billing)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14, $15, $16, $17, $18, $19)
       ON CONFLICT (project_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
       RETURNING ${SESSION_COLUMNS}`,
      [
        session.id,
        session.projectId,
        session.environment,
        session.testMode,
        session.status,
        JSON.stringify(session.clientMetadata),
        session.email,
        session.language,
        session.expiryMinutes,
        session.expiresAt,
        session.createdAt,
        idempotency?.key ?? null,
        idempotency?.fingerprint ?? null,
        session.poaRequired,
        session.poaMaxAgeMonths,
        session.allowManualUpload,
        session.vaultReuseEnabled,
        session.vaultReuseMaxAgeDays,
        session.vaultReuseBilling,
      ],
    );
    return rows[0];
  }

  async insertOnce(
    session: NewSession,
    idempotency: IdempotencyClaim,
  ): Promise<{ session: SessionRecord; created: boolean; fingerprint: string }> {
    const inserted = await this.insert(session, idempotency);
    if (inserted) return { session: inserted, created: true, fingerprint: idempotency.fingerprint };
    // ON CONFLICT DO NOTHING waited for the other insert to commit, so its row is visible here.
    const rows: (SessionRecord & { fingerprint: string })[] = await this.manager.query(
      `SELECT ${SESSION_COLUMNS}, idempotency_fingerprint AS fingerprint FROM session.sessions WHERE project_id = $1 AND idempotency_key = $2`,
      [session.projectId, idempotency.key],
    );
    const { fingerprint, ...existing } = rows[0];
    return { session: existing, created: false, fingerprint };
  }

  async findForUpdate(scope: SessionScope, sessionId: string): Promise<SessionRecord> {
    requireUuid(sessionId);
    return firstOrNotFound(
      await this.manager.query(
        `SELECT ${SESSION_COLUMNS} FROM session.sessions WHERE id = $1 AND project_id = $2 AND environment = $3 FOR UPDATE`,
        [sessionId, scope.projectId, scope.environment],
      ),
    );
  }

  async findInProjectForUpdate(projectId: string, sessionId: string): Promise<SessionRecord> {
    requireUuid(sessionId);
    return firstOrNotFound(
      await this.manager.query(`SELECT ${SESSION_COLUMNS} FROM session.sessions WHERE id = $1 AND project_id = $2 FOR UPDATE`, [
        sessionId,
        projectId,
      ]),
    );
  }

  async appendConsent(sessionId: string, consent: ConsentRecord): Promise<SessionRecord> {
    const [{ created_at: at }]: { created_at: Date }[] = await this.manager.query(
      `INSERT INTO session.consents (session_id, text_version, locale, ip_address, user_agent) VALUES ($1, $2, $3, $4, $5) RETURNING created_at`,
      [sessionId, consent.textVersion, consent.locale, consent.ipAddress, consent.userAgent],
    );
    return this.update(sessionId, { consentAt: at, consentTextVersion: consent.textVersion, consentLocale: consent.locale });
  }

  async insertPoaJob(job: NewPoaJob, outcome?: PoaOutcome): Promise<void> {
    await this.manager.query(
      `INSERT INTO session.poa_jobs (id, session_id, media_type, data_generation, status, reasons, document_kind, completed_at, next_try_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $5 = 'pending' THEN NULL ELSE now() END, $8)`,
      [
        job.id,
        job.sessionId,
        job.mediaType,
        job.dataGeneration,
        outcome?.status ?? 'pending',
        outcome?.reasons ?? [],
        outcome?.documentKind ?? null,
        job.retryAfter,
      ],
    );
  }

  async lockPoaJobSession(jobId: string): Promise<SessionRecord | null> {
    const rows: SessionRecord[] = await this.manager.query(
      `SELECT ${SESSION_COLUMNS} FROM session.sessions WHERE id = (SELECT session_id FROM session.poa_jobs WHERE id = $1) FOR UPDATE`,
      [jobId],
    );
    return rows[0] ?? null;
  }

  async completePoaJob(jobId: string, outcome: PoaOutcome): Promise<boolean> {
    const rows = returnedRows<{ id: string }>(
      await this.manager.query(
        `UPDATE session.poa_jobs SET status = $2, reasons = $3, document_kind = $4, completed_at = now()
          WHERE id = $1 AND status = 'pending' RETURNING id`,
        [jobId, outcome.status, outcome.reasons, outcome.documentKind],
      ),
    );
    return rows.length > 0;
  }

  async update(sessionId: string, changes: SessionChanges): Promise<SessionRecord> {
    const entries = Object.entries(changes) as [keyof SessionChanges, unknown][];
    const assignments = entries.map(([key], index) => `${CHANGE_COLUMNS[key]} = $${index + 2}`);
    const values = entries.map(([, value]) =>
      value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value,
    );
    const rows = returnedRows<SessionRecord>(
      await this.manager.query(
        `UPDATE session.sessions SET ${[...assignments, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING ${SESSION_COLUMNS}`,
        [sessionId, ...values],
      ),
    );
    return rows[0];
  }

  findAttempt(attemptId: string | null): Promise<AttemptRecord | null> {
    return findAttemptWith(this.manager, attemptId);
  }

  async openAttempt(sessionId: string, lease: { previousStatus: SessionStatus; leaseExpiresAt: Date }): Promise<string> {
    const id = randomUUID();
    await this.manager.query(
      `INSERT INTO session.attempts (id, session_id, status, previous_status, lease_expires_at) VALUES ($1, $2, 'processing', $3, $4)`,
      [id, sessionId, lease.previousStatus, lease.leaseExpiresAt],
    );
    return id;
  }

  async holdsProcessing(session: SessionRecord, attemptId: string): Promise<boolean> {
    if (session.status !== 'processing' || session.latestAttemptId !== attemptId) return false;
    const rows: { status: string }[] = await this.manager.query(`SELECT status FROM session.attempts WHERE id = $1 FOR UPDATE`, [
      attemptId,
    ]);
    return rows[0]?.status === 'processing';
  }

  async completeAttempt(attemptId: string, outcome: AttemptOutcome): Promise<void> {
    await this.manager.query(
      `UPDATE session.attempts SET status = $2, confidence = $3, document_type = $4, face_match_status = $5, face_match_score = $6,
              failure_reason = $7, extracted_data = $8, issue_codes = $9, next_action = $10, duplicate_suspected = $11, decided_at = now(),
              lease_expires_at = NULL, identity_key = $12, reused_attempt_id = $13, is_reused = $13::uuid IS NOT NULL,
              duplicate_key_version = $14, duplicate_of = $15
        WHERE id = $1`,
      [
        attemptId,
        outcome.status,
        outcome.confidence,
        outcome.documentType,
        outcome.faceMatchStatus,
        outcome.faceMatchScore,
        outcome.failureReason,
        outcome.extractedData ? JSON.stringify(outcome.extractedData) : null,
        JSON.stringify(outcome.issueCodes),
        outcome.nextAction,
        outcome.duplicateSuspected,
        outcome.identityKey || null,
        outcome.reusedAttemptId ?? null,
        DUPLICATE_KEY_VERSION,
        JSON.stringify(outcome.duplicateOf ?? []),
      ],
    );
  }

  findReuseCandidates(current: SessionRecord, limit: number): Promise<ReuseCandidate[]> {
    if (!current.email) return Promise.resolve([]);
    // Same person: the same e-mail, or an identity hash a completed verification under that e-mail read.
    return this.manager.query(
      `WITH identities AS (
         SELECT DISTINCT a.identity_key FROM session.sessions s JOIN session.attempts a ON a.id = s.latest_attempt_id
          WHERE s.project_id = $1 AND s.environment = $2 AND s.email = $3 AND s.status = 'completed' AND a.identity_key IS NOT NULL)
       SELECT s.id AS "sessionId", a.id AS "attemptId", s.project_id AS "projectId", s.environment, s.test_mode AS "testMode",
              s.status AS "sessionStatus", a.status AS "attemptStatus", a.is_reused AS "isReused",
              coalesce(a.reviewed_at, a.decided_at) AS "verifiedAt", a.confidence, a.document_type AS "documentType",
              a.extracted_data AS "extractedData", a.identity_key AS "identityKey",
              EXISTS (SELECT 1 FROM session.purge_requests p
                      WHERE p.session_id = s.id AND p.target = 'biometrics' AND p.through_generation >= s.data_generation) AS purged
         FROM session.sessions s JOIN session.attempts a ON a.id = s.latest_attempt_id
        WHERE s.project_id = $1 AND s.environment = $2 AND s.id <> $4 AND s.status = 'completed'
          AND (s.email = $3 OR a.identity_key IN (SELECT identity_key FROM identities))
        ORDER BY coalesce(a.reviewed_at, a.decided_at) DESC NULLS LAST LIMIT $5`,
      [current.projectId, current.environment, current.email, current.id, limit],
    );
  }

  async abandonAttempt(attemptId: string, reason: string, restoreTo: SessionStatus): Promise<boolean> {
    // Session first, then attempt: the order every writer takes, so no two of them deadlock.
    await this.manager.query(
      `SELECT 1 FROM session.sessions WHERE id = (SELECT session_id FROM session.attempts WHERE id = $1) FOR UPDATE`,
      [attemptId],
    );
    const abandoned = returnedRows<{ sessionId: string }>(
      await this.manager.query(
        `UPDATE session.attempts SET status = 'abandoned', failure_reason = $2, decided_at = now(), lease_expires_at = NULL
        WHERE id = $1 AND status = 'processing' RETURNING session_id AS "sessionId"`,
        [attemptId, reason],
      ),
    );
    if (!abandoned.length) return false;
    await this.manager.query(
      `UPDATE session.sessions SET status = $3, updated_at = now() WHERE id = $1 AND status = 'processing' AND latest_attempt_id = $2`,
      [abandoned[0].sessionId, attemptId, restoreTo],
    );
    return true;
  }

  lockLapsedAttempts(now: Date, limit: number): Promise<LapsedAttempt[]> {
    // The session row is the lock (as for every writer); SKIP LOCKED passes over a submit still deciding.
    return this.manager.query(
      `SELECT a.id AS "attemptId", a.session_id AS "sessionId", coalesce(a.previous_status, 'connected') AS "previousStatus"
         FROM session.attempts a JOIN session.sessions s ON s.id = a.session_id
        WHERE a.status = 'processing' AND a.lease_expires_at < $1 ORDER BY a.lease_expires_at LIMIT $2 FOR UPDATE OF s SKIP LOCKED`,
      [now, limit],
    );
  }

  async recordReview(
    attemptId: string,
    review: { status: 'success' | 'rejected'; reviewer: string; failureReason: string | null },
  ): Promise<void> {
    await this.manager.query(
      `UPDATE session.attempts SET status = $2, reviewed_by = $3, reviewed_at = now(), failure_reason = COALESCE($4, failure_reason) WHERE id = $1`,
      [attemptId, review.status, review.reviewer, review.failureReason],
    );
  }

  async appendOutbox(event: OutboxEvent): Promise<void> {
    await this.manager.query(
      `INSERT INTO session.outbox (type, session_id, project_id, environment, payload, traceparent) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        event.type,
        event.session.id,
        event.session.projectId,
        event.session.environment,
        JSON.stringify(event.payload),
        currentTraceparent() ?? null,
      ],
    );
  }

  async requestPurge(sessionId: string, throughGeneration: number, targets: readonly PurgeTarget[] = PURGE_TARGETS): Promise<void> {
    // A session purged before (failed, then reopened and expired) is purged again: new uploads may exist.
    await this.manager.query(
      `INSERT INTO session.purge_requests (session_id, target, through_generation) SELECT $1, unnest($2::text[]), $3
       ON CONFLICT (session_id, target) DO UPDATE SET requested_at = now(), next_try_at = now(), tries = 0, purged_at = NULL, last_error = NULL,
         through_generation = GREATEST(session.purge_requests.through_generation, EXCLUDED.through_generation)`,
      [sessionId, targets, throughGeneration],
    );
  }

  async findReviewsToSupersede(newer: SessionRecord): Promise<string[]> {
    if (!newer.email) return [];
    const rows: { id: string }[] = await this.manager.query(
      `SELECT id FROM session.sessions
        WHERE project_id = $1 AND environment = $2 AND email = $3 AND status = 'manual_review' AND id <> $4 AND created_at <= $5
        FOR UPDATE`,
      [newer.projectId, newer.environment, newer.email, newer.id, newer.createdAt],
    );
    return rows.map((r) => r.id);
  }

  lockExpiredOpenSessions(now: Date, limit: number): Promise<SessionRecord[]> {
    return this.manager.query(
      `SELECT ${SESSION_COLUMNS} FROM session.sessions
        WHERE status IN ('pending', 'connected', 'failed', 'action_required') AND expires_at < $1
        ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
  }
}
