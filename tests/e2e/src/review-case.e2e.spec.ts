import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { startStack, type RunningStack } from '@kyc/stack';
import { documentFixture, type DocumentFixture, liveSelfie } from '@kyc/verification-fixtures';
import { ApiClient } from './api-client';
import { Receiver } from './webhook-receiver';

/**
 * The reviewer's side over the running stack (issue 29, items 3–5), with a sandbox key and the real
 * pipeline: cases that end in manual_review (a blurred passport page uploaded twice: the retake
 * rule records the repeat and sends the submit to review), then the queue, the case view with its
 * decrypted images (no-store, every view audited, "opened by" marks), the decision clearing the
 * marks, the history with the webhook deliveries a decision caused, the session search, and the
 * audit log as CSV. Another project's session is 404 everywhere and changes nothing.
 */
describe('Reviewer: queue, case, decision, history, search, audit export (sandbox, running stack)', () => {
  let stack: RunningStack;
  let api: ApiClient;
  let dataDir: string;
  let passport: DocumentFixture;
  let admin: string;
  let projectId: string;
  let otherProjectId: string;
  let key: string;
  const operators = {} as Record<'reviewer' | 'read_only', { id: string; token: string; email: string }>;
  const receiver = new Receiver();
  const serviceLog: string[] = [];

  beforeAll(async () => {
    await receiver.start();
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-e2e-review-'));
    try {
      stack = await startStack({
        dataDir,
        env: { LOG_LEVEL: 'warn', KAFKA_BROKERS: '', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
        log: (line) => serviceLog.push(line),
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${serviceLog.slice(-30).join('\n')}`);
    }
    api = new ApiClient(stack.baseUrl);
    admin = stack.credentials.adminToken;
    const project = async (name: string) => (await api.request('POST', '/admin/v1/projects', { key: admin, json: { name } })).body;
    const mine = await project(`review-${Date.now()}`);
    projectId = mine.project.id;
    key = mine.keys.sandbox.secretKey;
    otherProjectId = (await project(`review-other-${Date.now()}`)).project.id;
    for (const role of ['reviewer', 'read_only'] as const) {
      const email = `${role.replace('_', '-')}-${Date.now()}@example.com`;
      const created = await api.request('POST', '/admin/v1/operators', { key: admin, json: { email, role } });
      expect(created.status).toBe(201);
      operators[role] = { id: created.body.operator.id, token: created.body.token, email };
    }
    const hook = await api.request('PUT', `/admin/v1/projects/${projectId}/environments/sandbox/webhook`, {
      key: admin,
      json: { url: receiver.url },
    });
    expect(hook.status).toBe(200);
    passport = await documentFixture({ seed: 11 });
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
    await receiver.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const emailOf = (n: number) => `Review.Case${n}.${Date.now()}@Example.com`;
  const emails: string[] = [];

  /** A sandbox session that ends in manual_review: the blurred page's retake asked once, recorded the second time. */
  const caseInReview = async (): Promise<string> => {
    const email = emailOf(emails.length);
    emails.push(email);
    const created = await api.createSession(key, { clientMetadata: { email } });
    expect(created.status).toBe(201);
    const sessionId: string = created.body.id;
    const blurred = await sharp(passport.sides[0].image).resize({ width: 360 }).blur(6).jpeg({ quality: 40 }).toBuffer();
    expect((await api.uploadDocument(key, sessionId, blurred, { imageType: 'main' })).status).toBe(400);
    expect((await api.uploadDocument(key, sessionId, blurred, { imageType: 'main' })).status).toBe(200);
    expect((await api.uploadFace(key, sessionId, liveSelfie())).status).toBe(200);
    expect((await api.submit(key, sessionId)).body).toMatchObject({ status: 'manual_review' });
    return sessionId;
  };

  const as = (who: 'admin' | 'reviewer' | 'read_only') => (who === 'admin' ? admin : operators[who].token);
  const get = (who: 'admin' | 'reviewer' | 'read_only', url: string) => api.request('GET', url, { key: as(who) });
  const caseUrl = (sessionId: string, project = projectId) => `/admin/v1/projects/${project}/sessions/${sessionId}/case`;
  const queueUrl = () => `/admin/v1/projects/${projectId}/environments/sandbox/review-queue`;
  const fetchImage = (url: string, who: 'admin' | 'reviewer' | 'read_only' = 'reviewer') =>
    fetch(stack.baseUrl + url, { headers: { authorization: `Bearer ${as(who)}` } });
  const auditEntries = async (action: string) =>
    (await get('admin', `/admin/v1/audit-log?action=${encodeURIComponent(action)}&limit=200`)).body.entries as {
      operatorId: string;
      target: string;
      outcome: string;
    }[];

  let first: string;
  let second: string;

  it('lists the manual_review cases oldest first with counts and ages, for every role', async () => {
    first = await caseInReview();
    second = await caseInReview();
    for (const who of ['admin', 'reviewer', 'read_only'] as const) {
      const queue = await get(who, queueUrl());
      expect(queue.status).toBe(200);
      expect(queue.body).toMatchObject({ environment: 'sandbox', count: 2 });
      expect(queue.body.items.map((i: { sessionId: string }) => i.sessionId)).toEqual([first, second]);
      expect(queue.body.oldestInReviewSince).toBe(queue.body.items[0].inReviewSince);
      for (const item of queue.body.items) {
        expect(item.ageSeconds).toBeGreaterThanOrEqual(0);
        expect(item.openedBy).toEqual([]);
        expect(item.issueCodes.length).toBeGreaterThan(0);
      }
    }
  }, 240_000);

  it('shows a case with its evidence, no-store, audited as sessions.case.view without personal data, and marks it opened', async () => {
    const viewed = await get('reviewer', caseUrl(first));
    expect(viewed.status).toBe(200);
    expect(viewed.headers.get('cache-control')).toBe('no-store');
    const body = viewed.body;
    expect(body.session).toMatchObject({ id: first, status: 'manual_review', environment: 'sandbox', testMode: false });
    expect(body.session.inReviewSince).toEqual(expect.any(String));
    expect(body.attempt).toMatchObject({ status: 'manual_review', duplicateSuspected: false });
    expect(body.sides).toEqual([expect.objectContaining({ side: 'main', imageAvailable: true })]);
    expect(body.images.map((i: { name: string }) => i.name)).toEqual(expect.arrayContaining(['main', 'selfie']));
    expect(body.imagesPurged).toBe(false);
    expect(body.decisions.length).toBeGreaterThan(0);
    expect(body.decisions[0].explanation.length).toBeGreaterThan(0);
    expect(body.decisions[0].attemptId).toBe(body.attempt.id);
    expect(body.duplicate).toEqual({ suspected: false, earlierSessionIds: [], explanation: expect.any(Array) });
    expect(body.openedBy).toEqual([]);

    const views = (await auditEntries('sessions.case.view')).filter((e) => e.target.includes(first));
    expect(views).toEqual([
      expect.objectContaining({ operatorId: operators.reviewer.id, outcome: 'succeeded', target: `project:${projectId} session:${first}` }),
    ]);
    expect(JSON.stringify(views)).not.toMatch(/@|example/i);

    // The others see the mark; the reviewer does not see her own.
    const queue = await get('read_only', queueUrl());
    const item = queue.body.items.find((i: { sessionId: string }) => i.sessionId === first);
    expect(item.openedBy).toEqual([
      expect.objectContaining({ operatorId: operators.reviewer.id, operatorEmail: operators.reviewer.email }),
    ]);
    const expiresIn = Date.parse(item.openedBy[0].expiresAt) - Date.parse(item.openedBy[0].openedAt);
    expect(expiresIn).toBe(15 * 60_000);
    const byReadOnly = await get('read_only', caseUrl(first));
    expect(byReadOnly.body.openedBy).toEqual([expect.objectContaining({ operatorId: operators.reviewer.id })]);
    expect((await get('reviewer', caseUrl(first))).body.openedBy).toEqual([
      expect.objectContaining({ operatorId: operators.read_only.id }),
    ]);
  });

  it('serves each image decrypted, no-store, and audits it; an unknown image or another project is 404', async () => {
    const main = await fetchImage(`${caseUrl(first)}/images/main`);
    expect(main.status).toBe(200);
    expect(main.headers.get('content-type')).toMatch(/^image\/(jpeg|png)/);
    expect(main.headers.get('cache-control')).toBe('no-store');
    expect(main.headers.get('x-content-type-options')).toBe('nosniff');
    const metadata = await sharp(Buffer.from(await main.arrayBuffer())).metadata();
    expect(metadata.width).toBeGreaterThan(100);
    const selfie = await fetchImage(`${caseUrl(first)}/images/selfie`);
    expect(selfie.status).toBe(200);
    expect(selfie.headers.get('cache-control')).toBe('no-store');
    expect((await sharp(Buffer.from(await selfie.arrayBuffer())).metadata()).width).toBeGreaterThan(100);
    expect((await fetchImage(`${caseUrl(first)}/images/selfie-of-someone`)).status).toBe(404);
    expect((await auditEntries('sessions.case.image')).some((e) => e.target.includes(first) && e.outcome === 'succeeded')).toBe(true);
  });

  it("answers another project's session with 404 everywhere, and marks nothing", async () => {
    const marksBefore = (await get('admin', queueUrl())).body.items.map((i: { openedBy: unknown[] }) => i.openedBy.length);
    for (const url of [
      caseUrl(second, otherProjectId),
      `${caseUrl(second, otherProjectId)}/images/main`,
      `/admin/v1/projects/${otherProjectId}/sessions/${second}/history`,
    ]) {
      const response = await fetchImage(url, 'reviewer');
      expect(response.status).toBe(404);
    }
    const decided = await api.request('POST', `/admin/v1/projects/${otherProjectId}/sessions/${second}/review`, {
      key: as('reviewer'),
      json: { decision: 'approve' },
    });
    expect(decided.status).toBe(404);
    expect((await get('admin', queueUrl())).body.items.map((i: { openedBy: unknown[] }) => i.openedBy.length)).toEqual(marksBefore);
    expect((await get('admin', caseUrl(second))).body.session.status).toBe('manual_review');
  });

  it('refuses the decision to a read-only operator and changes nothing', async () => {
    const refused = await api.request('POST', `/admin/v1/projects/${projectId}/sessions/${first}/review`, {
      key: as('read_only'),
      json: { decision: 'approve' },
    });
    expect(refused.status).toBe(403);
    expect((await get('admin', caseUrl(first))).body.session.status).toBe('manual_review');
  });

  it('approves: completed, the marks cleared, verification.completed received, then the images purged (no 500)', async () => {
    const approved = await api.request('POST', `/admin/v1/projects/${projectId}/sessions/${first}/review`, {
      key: as('reviewer'),
      json: { decision: 'approve' },
    });
    expect(approved.body).toMatchObject({ status: 'completed' });
    const [delivery] = await receiver.waitFor(first, 1);
    expect(JSON.parse(delivery.body)).toMatchObject({
      type: 'verification.completed',
      data: { object: { id: first, status: 'completed' } },
    });
    const queue = await get('read_only', queueUrl());
    expect(queue.body.items.map((i: { sessionId: string }) => i.sessionId)).toEqual([second]);
    expect(queue.body.count).toBe(1);

    // A completed session's document images are purged (a terminal state's purge, queued and retried): the case says so.
    let after = await get('read_only', caseUrl(first));
    for (let i = 0; i < 100 && !after.body.imagesPurged; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await get('read_only', caseUrl(first));
    }
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ imagesPurged: true, images: [], openedBy: [] });
    expect(after.body.session.status).toBe('completed');
    expect(after.body.attempt).toMatchObject({ status: 'success', reviewedBy: operators.reviewer.id });
    const gone = await fetchImage(`${caseUrl(first)}/images/main`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    // The selfie image went with the document images; the face embedding stays for the duplicate index.
    expect((await fetchImage(`${caseUrl(first)}/images/selfie`)).status).toBe(404);
  }, 60_000);

  it('rejects with a required reason: verification.status_changed with the reason and the reviewer', async () => {
    expect(
      (
        await api.request('POST', `/admin/v1/projects/${projectId}/sessions/${second}/review`, {
          key: as('reviewer'),
          json: { decision: 'reject' },
        })
      ).status,
    ).toBe(400);
    const rejected = await api.request('POST', `/admin/v1/projects/${projectId}/sessions/${second}/review`, {
      key: as('reviewer'),
      json: { decision: 'reject', reason: 'document unreadable' },
    });
    expect(rejected.body).toMatchObject({ status: 'rejected' });
    const [delivery] = await receiver.waitFor(second, 1);
    expect(JSON.parse(delivery.body)).toMatchObject({
      type: 'verification.status_changed',
      data: { object: { status: 'rejected', rejection_reason: 'document unreadable', reviewed_by: operators.reviewer.id } },
    });
    expect((await get('admin', queueUrl())).body).toMatchObject({ count: 0, items: [] });
  }, 30_000);

  it('gives the history: every transition, attempt and webhook delivery, oldest first', async () => {
    const history = await get('read_only', `/admin/v1/projects/${projectId}/sessions/${first}/history`);
    expect(history.status).toBe(200);
    const events: { at: string; kind: string; toStatus: string | null; delivery: { type: string } | null; reviewedBy: string | null }[] =
      history.body.events;
    const times = events.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(events.filter((e) => e.kind === 'transition').map((e) => e.toStatus)).toEqual([
      'pending',
      'connected',
      'processing',
      'manual_review',
      'completed',
    ]);
    expect(events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['attempt_started', 'attempt_decided', 'reviewed', 'webhook_delivery']),
    );
    expect(events.find((e) => e.kind === 'reviewed')?.reviewedBy).toBe(operators.reviewer.id);
    expect(events.find((e) => e.kind === 'webhook_delivery')?.delivery?.type).toBe('verification.completed');
  });

  it('searches sessions by id, status, date range and e-mail hash, paged', async () => {
    const base = `/admin/v1/projects/${projectId}/sessions`;
    expect((await get('read_only', `${base}?sessionId=${first}`)).body.sessions.map((s: { id: string }) => s.id)).toEqual([first]);
    expect((await get('read_only', `${base}?status=rejected`)).body.sessions.map((s: { id: string }) => s.id)).toEqual([second]);
    const hash = createHash('sha256').update(emails[1].trim().toLowerCase()).digest('hex');
    expect((await get('read_only', `${base}?emailHash=${hash}`)).body.sessions.map((s: { id: string }) => s.id)).toEqual([second]);
    expect((await get('read_only', `${base}?emailHash=${'0'.repeat(64)}`)).body.sessions).toEqual([]);
    expect((await get('read_only', `${base}?emailHash=not-a-hash`)).status).toBe(400);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect((await get('read_only', `${base}?from=${hourAgo}`)).body.sessions).toHaveLength(2);
    expect((await get('read_only', `${base}?to=${hourAgo}`)).body.sessions).toHaveLength(0);
    const page1 = await get('read_only', `${base}?limit=1`);
    expect(page1.body.sessions.map((s: { id: string }) => s.id)).toEqual([second]);
    const page2 = await get('read_only', `${base}?limit=1&before=${encodeURIComponent(page1.body.nextBefore)}`);
    expect(page2.body.sessions.map((s: { id: string }) => s.id)).toEqual([first]);
    const page3 = await get('read_only', `${base}?limit=1&before=${encodeURIComponent(page2.body.nextBefore)}`);
    expect(page3.body).toEqual({ sessions: [], nextBefore: null });
  });

  it('exports the audit log as CSV to admins only', async () => {
    expect((await get('reviewer', '/admin/v1/audit-log.csv')).status).toBe(403);
    expect((await get('read_only', '/admin/v1/audit-log.csv')).status).toBe(403);
    const response = await fetch(`${stack.baseUrl}/admin/v1/audit-log.csv?action=sessions.case.view&operatorId=${operators.reviewer.id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('id,occurredAt,operatorId,operatorRole,action,target,outcome,statusCode,requestId,channel');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines.slice(1))
      expect(line).toMatch(
        new RegExp(`^\\d+,[^,]+,${operators.reviewer.id},reviewer,sessions\\.case\\.view,project:[0-9a-f-]+ session:[0-9a-f-]+,`),
      );
    expect(lines.filter((line) => line.includes(`project:${projectId} session:${first},succeeded,200,`)).length).toBeGreaterThanOrEqual(2);
    // The look at another project's session was refused, and is in the log too.
    expect(lines.some((line) => line.includes(`project:${otherProjectId} session:${second},failed,404,`))).toBe(true);
    // The export itself is an admin action like any other.
    expect((await auditEntries('audit_log.export')).some((e) => e.outcome === 'succeeded')).toBe(true);
    expect((await auditEntries('audit_log.export')).some((e) => e.outcome === 'denied')).toBe(true);
  });

  it('shows a suspected duplicate with the earlier verification it matched', async () => {
    const verify = async (fixture: DocumentFixture, email: string) => {
      const created = await api.createSession(key, { clientMetadata: { email } });
      for (const { side, image } of fixture.sides)
        expect((await api.uploadDocument(key, created.body.id, image, { imageType: side })).status).toBe(200);
      expect((await api.uploadFace(key, created.body.id, liveSelfie())).status).toBe(200);
      return { id: created.body.id as string, submitted: await api.submit(key, created.body.id) };
    };
    const earlier = await verify(passport, `dup.one.${Date.now()}@example.com`);
    expect(earlier.submitted.body.status).toBe('completed');
    // Enrolment follows the completion event.
    await receiver.waitFor(earlier.id, 1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const later = await verify(await documentFixture({ seed: 21 }), `dup.two.${Date.now()}@example.com`);
    expect(later.submitted.body.status).toBe('manual_review');
    const viewed = await get('reviewer', caseUrl(later.id));
    expect(viewed.body.attempt.duplicateSuspected).toBe(true);
    expect(viewed.body.duplicate).toMatchObject({ suspected: true, earlierSessionIds: [earlier.id] });
    expect(viewed.body.duplicate.explanation.length).toBeGreaterThan(0);
    // Both verifications read their documents: the fields beside the MRZ's and the visual zone's readings.
    const side = viewed.body.sides[0];
    expect(side.mrz).toMatchObject({ valid: true });
    expect(Object.keys(side.mrz.fields)).toEqual(expect.arrayContaining(['surname', 'documentNumber', 'birthDate']));
    expect(Object.keys(side.viz).length).toBeGreaterThan(0);
    expect(viewed.body.attempt.extractedData.dateOfBirth).toEqual(expect.any(String));
    expect(viewed.body.images.map((i: { name: string }) => i.name)).toEqual(expect.arrayContaining(['main', 'portrait']));
    const portrait = await fetchImage(`${caseUrl(later.id)}/images/portrait`);
    expect(portrait.status).toBe(200);
    expect((await sharp(Buffer.from(await portrait.arrayBuffer())).metadata()).format).toBe('jpeg');
  }, 120_000);
});
