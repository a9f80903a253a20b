import { createHash, randomUUID } from 'node:crypto';
import { ErrorCode } from '@kyc/errors';
import { withServiceDatabase } from '@kyc/testing';
import { ReviewCaseQueries, REVIEW_MARK_TTL_MS } from '../application/review-cases.usecases';
import { createSessionDataSource } from '../infrastructure/data-source';
import { ReviewCaseRepository } from '../infrastructure/review-case.repository';
import { SessionRepository } from '../infrastructure/session.repository';
import { TenancyRepository } from '../infrastructure/tenancy.repository';
import type { SessionStatus } from '../domain/session-status';
import { DEFAULT_ENVIRONMENT_SETTINGS, sessionSettings } from '../domain/environment-settings';

/**
 * The reviewer's side of the session schema on a real PostgreSQL (issue 29): the status history the
 * triggers write, the "opened by" marks (15 minutes, cleared when the session leaves manual_review,
 * never made for another project's session) and the session search with its cursor. The document
 * service is not reached: these are test-mode sessions, which keep no images.
 */
describe('review cases (real PostgreSQL)', () => {
  const database = withServiceDatabase(createSessionDataSource);
  let sessions: SessionRepository;
  let queries: ReviewCaseQueries;
  let projectId: string;
  let otherProjectId: string;
  let now: Date;

  beforeAll(async () => {
    sessions = new SessionRepository(database.dataSource);
    const tenancy = new TenancyRepository(database.dataSource);
    projectId = (await tenancy.createProject('Review', 'Tests')).project.id;
    otherProjectId = (await tenancy.createProject('Other', 'Tests')).project.id;
    const unreachable = new Proxy({}, { get: () => () => Promise.reject(new Error('no document call expected')) });
    queries = new ReviewCaseQueries(
      new ReviewCaseRepository(database.dataSource),
      tenancy,
      { document: unreachable as never, biometrics: unreachable as never },
      () => now,
    );
  });
  beforeEach(() => (now = new Date()));

  const newSession = (over: { status?: SessionStatus; email?: string; project?: string; createdAt?: Date } = {}) =>
    sessions.transaction((tx) =>
      tx.insert({
        id: randomUUID(),
        projectId: over.project ?? projectId,
        environment: 'test',
        testMode: true,
        status: over.status ?? 'pending',
        clientMetadata: over.email ? { email: over.email } : {},
        email: over.email ?? null,
        language: 'en',
        expiryMinutes: 5,
        expiresAt: new Date(Date.now() + 300_000),
        createdAt: over.createdAt ?? new Date(),
        ...sessionSettings(DEFAULT_ENVIRONMENT_SETTINGS),
      }),
    );
  const moveTo = (sessionId: string, status: SessionStatus) => sessions.transaction((tx) => tx.update(sessionId, { status }));

  it('records every status change, the creation included, in order; an update that keeps the status adds nothing', async () => {
    const session = await newSession();
    await moveTo(session.id, 'connected');
    await moveTo(session.id, 'connected');
    await moveTo(session.id, 'processing');
    await moveTo(session.id, 'manual_review');
    const history = await queries.history(projectId, session.id);
    expect(history.transitions.map((t) => [t.fromStatus, t.toStatus])).toEqual([
      [null, 'pending'],
      ['pending', 'connected'],
      ['connected', 'processing'],
      ['processing', 'manual_review'],
    ]);
    await expect(queries.history(otherProjectId, session.id)).rejects.toMatchObject({ code: ErrorCode.SESSION_NOT_FOUND });
  });

  it('marks a case opened for 15 minutes, for the others only, clears the marks when it leaves review, and never marks another project', async () => {
    const session = await newSession();
    await moveTo(session.id, 'manual_review');
    await queries.getCase(projectId, session.id, 'reviewer-a');
    expect((await queries.getCase(projectId, session.id, 'reviewer-b')).openedBy.map((m) => m.operatorId)).toEqual(['reviewer-a']);
    const queue = await queries.queue(projectId, 'test', 50);
    expect(
      queue.items
        .find((i) => i.sessionId === session.id)
        ?.openedBy.map((m) => m.operatorId)
        .sort(),
    ).toEqual(['reviewer-a', 'reviewer-b']);

    // Past the mark's lifetime it is no longer shown (the row stays until the session leaves review).
    now = new Date(Date.now() + REVIEW_MARK_TTL_MS + 1_000);
    expect((await queries.queue(projectId, 'test', 50)).items.find((i) => i.sessionId === session.id)?.openedBy).toEqual([]);
    now = new Date();

    await expect(queries.getCase(otherProjectId, session.id, 'intruder')).rejects.toMatchObject({ code: ErrorCode.SESSION_NOT_FOUND });
    const marks = () =>
      database.dataSource.query(`SELECT operator_id FROM session.review_case_marks WHERE session_id = $1 ORDER BY 1`, [session.id]);
    expect((await marks()).map((r: { operator_id: string }) => r.operator_id)).toEqual(['reviewer-a', 'reviewer-b']);

    await moveTo(session.id, 'completed');
    expect(await marks()).toEqual([]);
    // A decided case is not marked again.
    await queries.getCase(projectId, session.id, 'reviewer-a');
    expect(await marks()).toEqual([]);
  });

  it('lists the queue oldest in review first, with counts per environment', async () => {
    const fresh = (await new TenancyRepository(database.dataSource).createProject('Queue', 'Tests')).project.id;
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const session = await newSession({ project: fresh });
      await moveTo(session.id, 'manual_review');
      ids.push(session.id);
    }
    const queue = await queries.queue(fresh, 'test', 2);
    expect(queue.items.map((i) => i.sessionId)).toEqual(ids.slice(0, 2));
    expect(queue.counts).toEqual([expect.objectContaining({ environment: 'test', count: 3 })]);
    expect(queue.counts[0].oldestSince).toEqual(queue.items[0].inReviewSince);
  });

  it('searches by id, status, creation range and e-mail hash, a page at a time', async () => {
    const fresh = (await new TenancyRepository(database.dataSource).createProject('Search', 'Tests')).project.id;
    const day = 86_400_000;
    const old = await newSession({ project: fresh, createdAt: new Date(Date.now() - 3 * day), email: 'ana@example.com' });
    const mid = await newSession({ project: fresh, createdAt: new Date(Date.now() - day), status: 'completed' });
    const recent = await newSession({ project: fresh, email: 'bo@example.com' });
    const search = (over: Partial<Parameters<ReviewCaseQueries['search']>[0]>) => queries.search({ projectId: fresh, limit: 50, ...over });
    const ids = async (over: Partial<Parameters<ReviewCaseQueries['search']>[0]>) => (await search(over)).items.map((i) => i.id);

    expect(await ids({})).toEqual([recent.id, mid.id, old.id]);
    expect(await ids({ sessionId: mid.id })).toEqual([mid.id]);
    expect(await ids({ sessionId: 'not-a-uuid' })).toEqual([]);
    expect(await ids({ status: 'completed' })).toEqual([mid.id]);
    expect(await ids({ createdFrom: new Date(Date.now() - 2 * day), createdTo: new Date(Date.now() - day / 2) })).toEqual([mid.id]);
    const hash = createHash('sha256').update('ana@example.com').digest('hex');
    expect(await ids({ emailHash: hash.toUpperCase() })).toEqual([old.id]);
    expect((await queries.search({ projectId: otherProjectId, sessionId: old.id, limit: 50 })).items).toEqual([]);

    const first = await search({ limit: 2 });
    expect(first.items.map((i) => i.id)).toEqual([recent.id, mid.id]);
    const second = await search({ limit: 2, before: first.nextBefore! });
    expect(second).toEqual({ items: [expect.objectContaining({ id: old.id })], nextBefore: null });
    await expect(search({ before: 'garbage' })).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
  });
});
