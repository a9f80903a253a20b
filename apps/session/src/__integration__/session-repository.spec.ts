import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@kyc/errors';
import { createLogger } from '@kyc/logger';
import { type EntityManager, createServiceDataSource } from '@kyc/persistence';
import { Client } from 'pg';
import { withServiceDatabase } from '@kyc/testing';
import { ExpirySweeper } from '../application/expiry-sweeper';
import { applyTransition } from '../application/session-transitions';
import { createSessionDataSource } from '../infrastructure/data-source';
import { SessionRepository } from '../infrastructure/session.repository';
import { TenancyRepository } from '../infrastructure/tenancy.repository';
import type { SessionStatus } from '../domain/session-status';
import { DEFAULT_ENVIRONMENT_SETTINGS, sessionSettings } from '../domain/environment-settings';

/** The session schema against a real PostgreSQL: tenancy, expiry, supersession, outbox. */
describe('session persistence (real PostgreSQL)', () => {
  const database = withServiceDatabase(createSessionDataSource);
  let sessions: SessionRepository;
  let tenancy: TenancyRepository;
  let projectId: string;

  beforeAll(async () => {
    sessions = new SessionRepository(database.dataSource);
    tenancy = new TenancyRepository(database.dataSource);
    projectId = (await tenancy.createProject('Integration', 'Tests')).project.id;
  });

  const newSession = (over: { status?: SessionStatus; email?: string | null; expiresInMs?: number; createdAt?: Date } = {}) =>
    sessions.transaction((tx) =>
      tx.insert({
        id: randomUUID(),
        projectId,
        environment: 'test',
        testMode: true,
        status: over.status ?? 'pending',
        clientMetadata: over.email ? { email: over.email } : {},
        email: over.email ?? null,
        language: 'de',
        expiryMinutes: 5,
        expiresAt: new Date(Date.now() + (over.expiresInMs ?? 300_000)),
        createdAt: over.createdAt ?? new Date(),
        ...sessionSettings(DEFAULT_ENVIRONMENT_SETTINGS),
      }),
    );

  it('stores secret keys only as digests and authenticates them', async () => {
    const { pairs } = await tenancy.createProject('Keys', 'Tests');
    const secret = pairs.find((p) => p.environment === 'sandbox')!.secret.value;
    const rows: { secret_hash: Buffer | null; prefix: string }[] = await database.dataSource.query(
      `SELECT secret_hash, prefix FROM session.api_keys WHERE kind = 'secret'`,
    );
    for (const row of rows) expect(row.secret_hash?.toString('utf8') ?? '').not.toContain('sk_');
    expect(JSON.stringify(await database.dataSource.query(`SELECT * FROM session.api_keys`))).not.toContain(secret);
    expect(await tenancy.authenticate(secret)).toMatchObject({ environment: 'sandbox' });
    expect(await tenancy.authenticate(secret + 'x')).toBeNull();
  });

  it('never finds a session from another project or environment (KYC_001)', async () => {
    const record = await newSession();
    const other = (await tenancy.createProject('Other', 'Tests')).project.id;
    await expect(sessions.find({ projectId: other, environment: 'test' }, record.id)).rejects.toMatchObject({
      code: ErrorCode.SESSION_NOT_FOUND,
    });
    await expect(sessions.find({ projectId, environment: 'live' }, record.id)).rejects.toMatchObject({ code: ErrorCode.SESSION_NOT_FOUND });
    await expect(sessions.find({ projectId, environment: 'test' }, 'not-a-uuid')).rejects.toMatchObject({
      code: ErrorCode.SESSION_NOT_FOUND,
    });
    await expect(sessions.find({ projectId, environment: 'test' }, record.id)).resolves.toMatchObject({ id: record.id });
  });

  it('reads a session with its latest attempt (the prepared statement behind GET /v1/verifications/{id}), scoped like find', async () => {
    const record = await newSession();
    const scope = { projectId, environment: 'test' as const };
    await expect(sessions.findWithLatestAttempt(scope, record.id)).resolves.toMatchObject({ session: { id: record.id }, attempt: null });
    const attemptId = await sessions.transaction(async (tx) => {
      const id = await tx.openAttempt(record.id, { previousStatus: 'pending', leaseExpiresAt: new Date(Date.now() + 60_000) });
      await tx.update(record.id, { status: 'processing', latestAttemptId: id });
      return id;
    });
    // More reads than the pool has connections: each connection prepares it once and answers from it after.
    for (let read = 0; read < 12; read++) {
      const found = await sessions.findWithLatestAttempt(scope, record.id);
      expect(found.session).toMatchObject({ id: record.id, status: 'processing', latestAttemptId: attemptId, language: 'de' });
      expect(found.session.expiresAt).toBeInstanceOf(Date);
      expect(found.attempt).toMatchObject({ id: attemptId, sessionId: record.id, status: 'processing' });
      expect(found.attempt!.createdAt).toBeInstanceOf(Date);
    }
    const other = (await tenancy.createProject('Other reader', 'Tests')).project.id;
    for (const [otherScope, id] of [
      [{ projectId: other, environment: 'test' as const }, record.id],
      [{ projectId, environment: 'live' as const }, record.id],
      [scope, 'not-a-uuid'],
      [scope, randomUUID()],
    ] as const) {
      await expect(sessions.findWithLatestAttempt(otherScope, id)).rejects.toMatchObject({ code: ErrorCode.SESSION_NOT_FOUND });
    }
  });

  it('sweeps open sessions past their TTL and never manual_review', async () => {
    const due = await newSession({ expiresInMs: -1_000 });
    const connected = await newSession({ status: 'connected', expiresInMs: -1_000 });
    const review = await newSession({ status: 'manual_review', expiresInMs: -1_000 });
    const fresh = await newSession();
    const sweeper = new ExpirySweeper(sessions, createLogger('test', 'silent'));
    expect(await sweeper.sweepOnce()).toBeGreaterThanOrEqual(2);
    const scope = { projectId, environment: 'test' as const };
    expect((await sessions.find(scope, due.id)).status).toBe('expired');
    expect((await sessions.find(scope, connected.id)).status).toBe('expired');
    expect((await sessions.find(scope, review.id)).status).toBe('manual_review');
    expect((await sessions.find(scope, fresh.id)).status).toBe('pending');
    const closed: { session_id: string; payload: { status: string } }[] = await database.dataSource.query(
      `SELECT session_id, payload FROM session.outbox WHERE type = 'verification.closed' AND session_id = ANY($1)`,
      [[due.id, connected.id, review.id, fresh.id]],
    );
    expect(closed.map((row) => row.session_id).sort()).toEqual([due.id, connected.id].sort());
    expect(closed.map((row) => row.payload.status)).toEqual(['expired', 'expired']);
  });

  it('supersedes the older review of the same person when a newer attempt completes, without a webhook event', async () => {
    const email = `dana-${randomUUID()}@example.com`;
    const older = await newSession({ status: 'manual_review', email, createdAt: new Date(Date.now() - 60_000) });
    const newer = await newSession({ status: 'processing', email });
    const scope = { projectId, environment: 'test' as const };
    await sessions.transaction(async (tx) => {
      const locked = await tx.findForUpdate(scope, newer.id);
      await applyTransition(tx, locked, 'pipeline_completed', {}, {}, () => ({
        type: 'verification.completed',
        payload: {
          status: 'completed',
          attemptId: '',
          decision: 'approved',
          confidence: 1,
          documentType: '',
          extractedData: undefined,
          duplicate: { suspected: false },
          clientMetadataJson: '',
          testMode: true,
          poaPending: false,
          isReused: false,
          freeOfCharge: false,
        },
      }));
    });
    expect((await sessions.find(scope, older.id)).status).toBe('superseded');
    expect((await sessions.find(scope, newer.id)).status).toBe('completed');
    const events: { type: string; session_id: string }[] = await database.dataSource.query(
      `SELECT type, session_id FROM session.outbox WHERE session_id = ANY($1)`,
      [[older.id, newer.id]],
    );
    // verification.closed is for billing (the older session's unit goes back); no webhook is made of it.
    expect(events).toEqual(
      expect.arrayContaining([
        { type: 'verification.completed', session_id: newer.id },
        { type: 'verification.closed', session_id: older.id },
      ]),
    );
    expect(events).toHaveLength(2);
  });

  it('runs every transaction READ COMMITTED whatever the database default, the level set once per connection', async () => {
    const [{ name }] = await database.dataSource.query(`SELECT current_database() AS name`);
    await database.dataSource.query(`ALTER DATABASE "${name}" SET default_transaction_isolation = 'serializable'`);
    const fresh = createServiceDataSource({ schema: 'session', databaseUrl: database.url, entities: [], migrations: [] });
    await fresh.initialize();
    const plain = new Client({ connectionString: database.url });
    await plain.connect();
    try {
      // A connection without the services' options gets the database's default: the setting took.
      expect((await plain.query('SHOW transaction_isolation')).rows).toEqual([{ transaction_isolation: 'serializable' }]);
      // The repository's transactions name no level (no SET TRANSACTION round trip): the connection's is theirs.
      const inRepositoryTransaction = await new SessionRepository(fresh).transaction((tx) =>
        (tx as unknown as { manager: EntityManager }).manager.query('SHOW transaction_isolation'),
      );
      expect(inRepositoryTransaction).toEqual([{ transaction_isolation: 'read committed' }]);
    } finally {
      await plain.end();
      await fresh.destroy();
      await database.dataSource.query(`ALTER DATABASE "${name}" RESET default_transaction_isolation`);
    }
  });

  it('PostgreSQL cancels a statement past its timeout and ends a transaction left idle (no lock held for ever)', async () => {
    const strict = createServiceDataSource({
      schema: 'session',
      databaseUrl: database.url,
      entities: [],
      migrations: [],
      timeouts: { statementMs: 300, idleInTransactionMs: 300 },
    });
    await strict.initialize();
    try {
      await expect(strict.query('SELECT pg_sleep(2)')).rejects.toThrow(/statement timeout/);
      const runner = strict.createQueryRunner();
      await runner.startTransaction();
      await runner.query('SELECT 1');
      await new Promise((resolve) => setTimeout(resolve, 800));
      await expect(runner.query('SELECT 1')).rejects.toThrow();
      await runner.release().catch(() => undefined);
    } finally {
      await strict.destroy();
    }
  });
});
