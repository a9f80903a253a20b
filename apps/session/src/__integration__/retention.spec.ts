import { createLogger } from '@kyc/logger';
import { withServiceDatabase } from '@kyc/testing';
import type { ServiceClients } from '../application/ports/service-clients';
import { RetentionSweeper } from '../application/retention-sweeper';
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
  let scope: SessionScope;
  const clients = {
    document: { getDocumentEvidence: async () => PASSPORT_EVIDENCE },
    biometrics: { matchFace: async () => MATCHED_FACE },
    scoring: { decide: async () => decisionOf() },
  } as unknown as Pick<ServiceClients, 'document' | 'biometrics' | 'scoring'>;
  const query = <T>(sql: string, params: unknown[] = []) => database.dataSource.query(sql, params) as Promise<T[]>;
  const sweeper = () =>
    new RetentionSweeper(
      new RetentionRepository(database.dataSource),
      async () => ({ events: 0, deadLetters: 0 }),
      { outboxDays: 7, eventLogDays: 30 },
      logger,
    );

  beforeAll(async () => {
    sessions = new SessionRepository(database.dataSource);
    const tenancy = new TenancyRepository(database.dataSource);
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

    // The project shortens its biometric retention to 90 days: the 100-day-old face goes too.
    await setRetention(90);
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
});
