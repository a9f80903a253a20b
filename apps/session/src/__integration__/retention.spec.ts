import { createLogger } from '@kyc/logger';
import { withServiceDatabase } from '@kyc/testing';
import type { ServiceClients } from '../application/ports/service-clients';
import { RetentionSweeper } from '../application/retention-sweeper';
import { SessionQueries } from '../application/session-queries.usecase';
import { changeSettings } from '../domain/environment-settings';
import { toVerificationMessage } from '../transport/session-messages';
import { SubmitVerificationUseCase } from '../application/submit-verification.usecase';
import { VerificationEvidenceGatherer } from '../application/verification-evidence';
import type { SessionScope } from '../domain/session';
import { createSessionDataSource } from '../infrastructure/data-source';
import { RetentionRepository } from '../infrastructure/retention.repository';
import { SessionRepository } from '../infrastructure/session.repository';
import { TenancyRepository } from '../infrastructure/tenancy.repository';
import { MATCHED_FACE, PASSPORT_EVIDENCE, TEST_DUPLICATE_KEY_SECRET, decisionOf, readySession } from './session-fixtures';

/**
 * The session service's retention sweep on a real PostgreSQL: a completed verification's face is
 * purged once its project's biometric retention has passed (not before), published outbox rows
 * go after OUTBOX_RETENTION_DAYS, unpublished ones never.
 */
const logger = createLogger('retention-test', 'silent');

describe('retention sweep (real PostgreSQL)', () => {
  const database = withServiceDatabase(createSessionDataSource);
  let sessions: SessionRepository;
  let tenancy: TenancyRepository;
  let scope: SessionScope;
  const clients = {
    document: { getDocumentEvidence: async () => PASSPORT_EVIDENCE },
    biometrics: { matchFace: async () => MATCHED_FACE, dropSelfieImage: async () => ({ dropped: false }) },
    scoring: { decide: async () => decisionOf() },
  } as unknown as Pick<ServiceClients, 'document' | 'biometrics' | 'scoring'>;
  const query = <T>(sql: string, params: unknown[] = []) => database.dataSource.query(sql, params) as Promise<T[]>;
  const sweeper = () =>
    new RetentionSweeper(
      new RetentionRepository(database.dataSource),
      async () => ({ events: 0, deadLetters: 0 }),
      { outboxDays: 7, eventLogDays: 30, sessionRecordDays: 90, consentDays: 1095 },
      logger,
    );

  beforeAll(async () => {
    sessions = new SessionRepository(database.dataSource);
    tenancy = new TenancyRepository(database.dataSource);
    scope = { projectId: (await tenancy.createProject('Retention', 'Tests')).project.id, environment: 'sandbox' };
  });

  async function completedDaysAgo(days: number): Promise<string> {
    const session = await readySession(sessions, scope, `retention-${days}-${Math.random()}@example.com`);
    const submit = new SubmitVerificationUseCase(
      sessions,
      new VerificationEvidenceGatherer(clients, TEST_DUPLICATE_KEY_SECRET),
      { leaseMs: 60_000, analysisDeadlineMs: 5_000 },
      logger,
    );
    expect((await submit.execute(scope, session.id)).session.status).toBe('completed');
    await query(
      `UPDATE session.attempts SET decided_at = now() - make_interval(days => $2) WHERE id = (SELECT latest_attempt_id FROM session.sessions WHERE id = $1)`,
      [session.id, days],
    );
    return session.id;
  }
  const setRetention = (days: number) =>
    query(
      `INSERT INTO session.environment_settings (project_id, environment, biometric_retention_days) VALUES ($1, $2, $3)
       ON CONFLICT (project_id, environment) DO UPDATE SET biometric_retention_days = EXCLUDED.biometric_retention_days`,
      [scope.projectId, scope.environment, days],
    );
  const targetsOf = async (sessionId: string) =>
    (await query<{ target: string }>(`SELECT target FROM session.purge_requests WHERE session_id = $1 ORDER BY target`, [sessionId])).map(
      (row) => row.target,
    );

  it("purges a completed verification's face after the project's biometric retention, not before", async () => {
    const old = await completedDaysAgo(400);
    const recent = await completedDaysAgo(100);
    expect(await targetsOf(old)).toEqual(['document']);

    const first = await sweeper().sweepOnce();
    expect(first.faces).toBeGreaterThanOrEqual(1);
    expect(await targetsOf(old)).toEqual(['biometrics', 'document']);
    expect(await targetsOf(recent)).toEqual(['document']);
    // Idempotent: a second sweep queues nothing new.
    expect((await sweeper().sweepOnce()).faces).toBe(0);

    // The project shortens its biometric retention to 90 days (as the admin API does): the 100-day-old face goes too.
    await tenancy.updateSettings(scope.projectId, scope.environment, (current) => changeSettings(current, { biometricRetentionDays: 90 }));
    await sweeper().sweepOnce();
    expect(await targetsOf(recent)).toEqual(['biometrics', 'document']);
  });

  it('refuses a biometric retention outside 30 to 3650 days', async () => {
    await expect(setRetention(7)).rejects.toThrow(/check constraint/);
    await expect(setRetention(3651)).rejects.toThrow(/check constraint/);
  });

  it('deletes outbox rows published more than 7 days ago; unpublished and recent rows stay', async () => {
    const sessionId = await completedDaysAgo(1);
    const [row] = await query<{ id: string }>(`SELECT id FROM session.outbox WHERE session_id = $1`, [sessionId]);
    await query(`UPDATE session.outbox SET published_at = now() - interval '8 days' WHERE id = $1`, [row!.id]);
    const other = await completedDaysAgo(1);
    await query(`UPDATE session.outbox SET published_at = now() - interval '1 day' WHERE session_id = $1`, [other]);
    const unpublished = await completedDaysAgo(1);

    expect((await sweeper().sweepOnce()).outbox).toBeGreaterThanOrEqual(1);
    expect(await query(`SELECT 1 FROM session.outbox WHERE session_id = $1`, [sessionId])).toHaveLength(0);
    expect(await query(`SELECT 1 FROM session.outbox WHERE session_id = $1`, [other])).toHaveLength(1);
    expect(await query(`SELECT 1 FROM session.outbox WHERE session_id = $1`, [unpublished])).toHaveLength(1);
  });

  describe("closed sessions' personal fields and consent records", () => {
    const personalFields = async (sessionId: string) =>
      (
        await query<Record<string, unknown>>(
          `SELECT s.status, s.client_metadata, s.email, s.device_data, s.personal_data_cleared_at IS NOT NULL AS cleared,
                  a.extracted_data, a.identity_key, a.confidence
             FROM session.sessions s LEFT JOIN session.attempts a ON a.id = s.latest_attempt_id WHERE s.id = $1`,
          [sessionId],
        )
      )[0]!;
    /** A session in `status`, last changed `days` ago, with device data and a consent record of the same age. */
    async function sessionEnded(status: string, days: number, options: { facePurged?: boolean } = {}): Promise<string> {
      const sessionId = await completedDaysAgo(days);
      await query(
        `INSERT INTO session.consents (session_id, text_version, locale, ip_address, user_agent, created_at)
         VALUES ($1, 'v1', 'en', '203.0.113.9', 'Mozilla/5.0 (retention)', now() - make_interval(days => $2))`,
        [sessionId, days],
      );
      await query(
        `UPDATE session.sessions SET status = $2, device_data = '{"ipAddress": "203.0.113.9", "userAgent": "Mozilla/5.0"}',
                updated_at = now() - make_interval(days => $3) WHERE id = $1`,
        [sessionId, status, days],
      );
      if (options.facePurged)
        await query(
          `INSERT INTO session.purge_requests (session_id, target, through_generation, purged_at)
           SELECT id, 'biometrics', data_generation, now() FROM session.sessions WHERE id = $1
           ON CONFLICT (session_id, target) DO UPDATE SET purged_at = now()`,
          [sessionId],
        );
      return sessionId;
    }
    const consentsOf = async (sessionId: string) =>
      (await query(`SELECT 1 FROM session.consents WHERE session_id = $1`, [sessionId])).length;

    it('clears closed sessions older than SESSION_RECORD_RETENTION_DAYS, keeps the row; younger, open and still-enrolled ones untouched', async () => {
      const expiredOld = await sessionEnded('expired', 120);
      const rejectedOld = await sessionEnded('rejected', 91);
      const completedFaceGone = await sessionEnded('completed', 400, { facePurged: true });
      const completedFaceKept = await sessionEnded('completed', 100);
      const expiredRecent = await sessionEnded('expired', 80);
      const reviewOld = await sessionEnded('manual_review', 200);
      const failedOld = await sessionEnded('failed', 200);
      // The sweep's own face purge request for the 100-day-old completion would need the purge worker to finish first.
      const before = await personalFields(completedFaceKept);

      const swept = await sweeper().sweepOnce();
      expect(swept.sessionsCleared).toBe(3);

      for (const sessionId of [expiredOld, rejectedOld, completedFaceGone]) {
        const after = await personalFields(sessionId);
        expect(after).toMatchObject({
          client_metadata: {},
          email: null,
          device_data: {},
          cleared: true,
          extracted_data: null,
          identity_key: null,
        });
        // The tombstone keeps what billing, counts and the audit trail need.
        expect(after.confidence).toBeGreaterThan(0);
      }
      expect((await personalFields(completedFaceGone)).status).toBe('completed');
      expect(await personalFields(completedFaceKept)).toEqual(before);
      for (const sessionId of [expiredRecent, reviewOld, failedOld]) {
        const untouched = await personalFields(sessionId);
        expect(untouched).toMatchObject({ cleared: false, email: expect.stringContaining('@example.com') });
        expect(untouched.extracted_data).not.toBeNull();
        expect(untouched.device_data).toEqual({ ipAddress: '203.0.113.9', userAgent: 'Mozilla/5.0' });
      }
      expect((await sweeper().sweepOnce()).sessionsCleared).toBe(0);

      // The verification read of a cleared session answers as documented: the decision, no personal data.
      const queries = new SessionQueries(sessions, tenancy);
      const read = toVerificationMessage(await queries.getVerification(scope, completedFaceGone));
      expect(read).toMatchObject({ sessionId: completedFaceGone, clientMetadataJson: '{}', hasVerification: true });
      expect(read.verification).toMatchObject({ confidence: expect.any(Number) });
      expect(JSON.stringify(read)).not.toMatch(/@example\.com|ERIKA|MUSTERMANN/i);
      const expiredRead = toVerificationMessage(await queries.getVerification(scope, expiredOld));
      expect(expiredRead).toMatchObject({ clientMetadataJson: '{}' });
    });

    it('clears records even when another step of the sweep fails, then reports the failure', async () => {
      const expired = await sessionEnded('expired', 150);
      const failing = new RetentionSweeper(
        new RetentionRepository(database.dataSource),
        () => Promise.reject(new Error('relation "eventbus.events" does not exist')),
        { outboxDays: 7, eventLogDays: 30, sessionRecordDays: 90, consentDays: 1095 },
        logger,
      );
      await expect(failing.sweepOnce()).rejects.toThrow('retention sweep: event log failed (the other steps ran)');
      expect(await personalFields(expired)).toMatchObject({ cleared: true, email: null, extracted_data: null });
    });

    it('deletes consent records after CONSENT_RETENTION_DAYS once their session is cleared; the table refuses deleting younger ones', async () => {
      const oldCleared = await sessionEnded('expired', 1200);
      const youngerCleared = await sessionEnded('expired', 1000);
      const oldOpen = await sessionEnded('manual_review', 1200);
      const swept = await sweeper().sweepOnce();
      expect(swept.consents).toBeGreaterThanOrEqual(1);
      expect(await consentsOf(oldCleared)).toBe(0);
      expect(await consentsOf(youngerCleared)).toBe(1);
      expect(await consentsOf(oldOpen)).toBe(1);

      // Append-only stays: no change ever, no deletion before 365 days, whoever asks.
      const recent = await sessionEnded('expired', 100);
      await expect(query(`DELETE FROM session.consents WHERE session_id = $1`, [recent])).rejects.toThrow(/append-only/);
      await expect(query(`UPDATE session.consents SET ip_address = '0.0.0.0' WHERE session_id = $1`, [youngerCleared])).rejects.toThrow(
        /append-only/,
      );
      expect(await consentsOf(recent)).toBe(1);
    });
  });
});
