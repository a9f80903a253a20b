import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@kyc/errors';
import { withServiceDatabase } from '@kyc/testing';
import { SessionQueries } from '../application/session-queries.usecase';
import { DEFAULT_ENVIRONMENT_SETTINGS, sessionSettings } from '../domain/environment-settings';
import type { SessionRecord, SessionScope } from '../domain/session';
import type { SessionStatus } from '../domain/session-status';
import { createSessionDataSource } from '../infrastructure/data-source';
import { SessionRepository } from '../infrastructure/session.repository';
import { TenancyRepository } from '../infrastructure/tenancy.repository';

/** Spec part 3 on a real PostgreSQL: opening the hosted widget connects a pending session and changes nothing else. */
describe('opening the hosted widget', () => {
  const database = withServiceDatabase(createSessionDataSource);
  let sessions: SessionRepository;
  let queries: SessionQueries;
  let scope: SessionScope;

  beforeAll(async () => {
    sessions = new SessionRepository(database.dataSource);
    const tenancy = new TenancyRepository(database.dataSource);
    queries = new SessionQueries(sessions, tenancy);
    scope = { projectId: (await tenancy.createProject('Widget', 'Tests')).project.id, environment: 'sandbox' };
  });

  async function newSession(status: SessionStatus, expiresInMs = 30 * 60_000): Promise<SessionRecord> {
    return sessions.transaction(async (tx) => {
      const created = await tx.insert({
        id: randomUUID(),
        projectId: scope.projectId,
        environment: 'sandbox',
        testMode: false,
        status: 'pending',
        clientMetadata: {},
        email: null,
        language: 'uk',
        expiryMinutes: 30,
        expiresAt: new Date(Date.now() + expiresInMs),
        createdAt: new Date(),
        ...sessionSettings(DEFAULT_ENVIRONMENT_SETTINGS),
      });
      return status === 'pending'
        ? created
        : tx.update(created.id, { status, nextAction: status === 'action_required' ? 'resubmit_back' : null });
    });
  }

  it('moves pending to connected, and stays connected when opened again', async () => {
    const session = await newSession('pending');
    const opened = await queries.openWidget(scope, session.id);
    expect(opened).toMatchObject({ status: 'connected', language: 'uk' });
    expect((await queries.getSession(scope, session.id)).status).toBe('connected');
    expect((await queries.openWidget(scope, session.id)).status).toBe('connected');
  });

  it.each(['action_required', 'failed', 'processing', 'completed', 'manual_review'] as const)(
    'answers a %s session as it is, without a write',
    async (status) => {
      const session = await newSession(status);
      const opened = await queries.openWidget(scope, session.id);
      expect(opened.status).toBe(status);
      expect(opened.updatedAt).toEqual(session.updatedAt);
      if (status === 'action_required') expect(opened.nextAction).toBe('resubmit_back');
    },
  );

  it('refuses an expired session with KYC_003, and a session of another project as unknown', async () => {
    const expired = await newSession('pending', -1_000);
    await expect(queries.openWidget(scope, expired.id)).rejects.toMatchObject({ code: ErrorCode.SESSION_EXPIRED });
    const other = await newSession('pending');
    await expect(queries.openWidget({ ...scope, projectId: randomUUID() }, other.id)).rejects.toMatchObject({
      code: ErrorCode.SESSION_NOT_FOUND,
    });
  });
});
