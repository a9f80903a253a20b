import { ErrorCode, KycError } from '@kyc/errors';
import type { DataSource } from '@kyc/persistence';
import type { EnvironmentName } from '../domain/environment';
import type {
  CaseAttemptRecord,
  CaseMarkRecord,
  CaseSessionRecord,
  QueueCountRecord,
  QueueItemRecord,
  ReviewCaseStore,
  SearchPage,
  SessionSearch,
  SessionSummaryRecord,
  TransitionRecord,
} from '../application/ports/review-case-store';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID_PATTERN.test(value);

/** When a session last went to manual_review: its latest transition there, else (history from before it was kept) its last update. */
const IN_REVIEW_SINCE = `COALESCE((SELECT max(t.occurred_at) FROM session.status_transitions t WHERE t.session_id = s.id AND t.to_status = 'manual_review'), s.updated_at)`;

const ATTEMPT_COLUMNS = `a.id, a.status, a.confidence, a.document_type AS "documentType", a.face_match_status AS "faceMatchStatus",
  a.face_match_score AS "faceMatchScore", a.failure_reason AS "failureReason", a.issue_codes AS "issueCodes", a.extracted_data AS "extractedData",
  a.duplicate_suspected AS "duplicateSuspected", a.duplicate_of AS "duplicateOf", a.created_at AS "createdAt", a.decided_at AS "decidedAt", a.reviewed_by AS "reviewedBy",
  a.reviewed_at AS "reviewedAt"`;

const SUMMARY_COLUMNS = `s.id, s.environment, s.status, s.test_mode AS "testMode", s.created_at AS "createdAt", s.updated_at AS "updatedAt",
  s.expires_at AS "expiresAt"`;

/** The search cursor: the last row's creation instant at full (microsecond) precision and its id. */
const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f-]{36})$/i;

export class ReviewCaseRepository implements ReviewCaseStore {
  constructor(private readonly dataSource: DataSource) {}

  queue(projectId: string, environment: EnvironmentName | undefined, limit: number): Promise<QueueItemRecord[]> {
    const values: unknown[] = [projectId];
    const byEnvironment = environment ? `AND s.environment = $${values.push(environment)}` : '';
    return this.dataSource.query(
      `SELECT s.id AS "sessionId", s.environment, s.test_mode AS "testMode", s.created_at AS "createdAt", ${IN_REVIEW_SINCE} AS "inReviewSince",
              COALESCE(a.issue_codes, '[]') AS "issueCodes"
         FROM session.sessions s LEFT JOIN session.attempts a ON a.id = s.latest_attempt_id
        WHERE s.project_id::text = $1 AND s.status = 'manual_review' ${byEnvironment}
        ORDER BY "inReviewSince", s.id LIMIT $${values.push(limit)}`,
      values,
    );
  }

  async queueCounts(projectId: string, environment: EnvironmentName | undefined): Promise<QueueCountRecord[]> {
    const values: unknown[] = [projectId];
    const byEnvironment = environment ? `AND s.environment = $${values.push(environment)}` : '';
    return this.dataSource.query(
      `SELECT s.environment, count(*)::int AS count, min(${IN_REVIEW_SINCE}) AS "oldestSince"
         FROM session.sessions s WHERE s.project_id::text = $1 AND s.status = 'manual_review' ${byEnvironment}
        GROUP BY s.environment ORDER BY s.environment`,
      values,
    );
  }

  async marks(sessionIds: readonly string[], since: Date): Promise<CaseMarkRecord[]> {
    if (!sessionIds.length) return [];
    return this.dataSource.query(
      `SELECT m.session_id AS "sessionId", m.operator_id AS "operatorId", o.email AS "operatorEmail", m.opened_at AS "openedAt"
         FROM session.review_case_marks m LEFT JOIN session.operators o ON o.id::text = m.operator_id
        WHERE m.session_id = ANY($1::uuid[]) AND m.opened_at > $2 ORDER BY m.opened_at DESC`,
      [sessionIds, since],
    );
  }

  async mark(sessionId: string, operatorId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO session.review_case_marks (session_id, operator_id)
       SELECT id, $2 FROM session.sessions WHERE id = $1 AND status = 'manual_review'
       ON CONFLICT (session_id, operator_id) DO UPDATE SET opened_at = now()`,
      [sessionId, operatorId],
    );
  }

  async findCase(projectId: string, sessionId: string): Promise<{ session: CaseSessionRecord; attempt: CaseAttemptRecord | null }> {
    if (!isUuid(sessionId)) throw new KycError(ErrorCode.SESSION_NOT_FOUND);
    const rows: (CaseSessionRecord & {
      attempt: (Omit<CaseAttemptRecord, 'createdAt' | 'decidedAt' | 'reviewedAt'> & Record<string, string | null>) | null;
    })[] = await this.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS}, s.email, s.data_generation AS "dataGeneration",
                CASE WHEN s.status = 'manual_review' THEN ${IN_REVIEW_SINCE} END AS "inReviewSince",
                EXISTS (SELECT 1 FROM session.purge_requests p WHERE p.session_id = s.id AND p.target = 'document') AS "documentPurgeRequested",
                (SELECT row_to_json(x) FROM (SELECT ${ATTEMPT_COLUMNS} FROM session.attempts a WHERE a.id = s.latest_attempt_id) x) AS attempt
           FROM session.sessions s WHERE s.id = $1 AND s.project_id::text = $2`,
      [sessionId, projectId],
    );
    if (!rows[0]) throw new KycError(ErrorCode.SESSION_NOT_FOUND);
    const { attempt, ...session } = rows[0];
    return { session, attempt: attempt ? reviveAttempt(attempt) : null };
  }

  async attempts(sessionId: string): Promise<CaseAttemptRecord[]> {
    return this.dataSource.query(`SELECT ${ATTEMPT_COLUMNS} FROM session.attempts a WHERE a.session_id = $1 ORDER BY a.created_at, a.id`, [
      sessionId,
    ]);
  }

  transitions(sessionId: string): Promise<TransitionRecord[]> {
    return this.dataSource.query(
      `SELECT from_status AS "fromStatus", to_status AS "toStatus", occurred_at AS "occurredAt" FROM session.status_transitions
        WHERE session_id = $1 ORDER BY id`,
      [sessionId],
    );
  }

  async search(filter: SessionSearch): Promise<SearchPage<SessionSummaryRecord>> {
    const conditions = ['s.project_id::text = $1'];
    const values: unknown[] = [filter.projectId];
    if (filter.sessionId) {
      // Not a uuid: nothing can match (and the cast below must not fail).
      if (!isUuid(filter.sessionId)) return { items: [], nextBefore: null };
      conditions.push(`s.id = $${values.push(filter.sessionId)}::uuid`);
    }
    if (filter.environment) conditions.push(`s.environment = $${values.push(filter.environment)}`);
    if (filter.status) conditions.push(`s.status = $${values.push(filter.status)}`);
    if (filter.createdFrom) conditions.push(`s.created_at >= $${values.push(filter.createdFrom)}`);
    if (filter.createdTo) conditions.push(`s.created_at < $${values.push(filter.createdTo)}`);
    if (filter.emailHash)
      conditions.push(
        `s.email IS NOT NULL AND encode(sha256(convert_to(s.email, 'UTF8')), 'hex') = $${values.push(filter.emailHash.toLowerCase())}`,
      );
    if (filter.before) {
      const cursor = CURSOR_PATTERN.exec(filter.before);
      if (!cursor) throw new KycError(ErrorCode.VALIDATION_FAILED, 'before is not a cursor this search answered');
      conditions.push(`(s.created_at, s.id) < ($${values.push(cursor[1])}::timestamptz, $${values.push(cursor[2])}::uuid)`);
    }
    const rows: (SessionSummaryRecord & { cursor: string })[] = await this.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS}, to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || s.id AS cursor
         FROM session.sessions s WHERE ${conditions.join(' AND ')}
        ORDER BY s.created_at DESC, s.id DESC LIMIT $${values.push(filter.limit)}`,
      values,
    );
    return {
      items: rows.map(({ cursor: _cursor, ...item }) => item),
      nextBefore: rows.length === filter.limit ? rows[rows.length - 1].cursor : null,
    };
  }
}

/** row_to_json gives timestamps as text. */
function reviveAttempt(raw: Record<string, unknown>): CaseAttemptRecord {
  const date = (value: unknown) => (value ? new Date(String(value)) : null);
  return {
    ...(raw as unknown as CaseAttemptRecord),
    createdAt: new Date(String(raw.createdAt)),
    decidedAt: date(raw.decidedAt),
    reviewedAt: date(raw.reviewedAt),
  };
}
