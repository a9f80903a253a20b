import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createSessionDataSource } from '@kyc/session/dist/infrastructure/data-source';
import type { DataSource } from '@kyc/persistence';
import { startStack, type RunningStack } from '@kyc/stack';
import { startTestDatabase, type TestDatabase } from '@kyc/testing';
import { documentFixture, type DocumentFixture, liveSelfie } from '@kyc/verification-fixtures';
import { ApiClient } from './api-client';

/**
 * Vault reuse over the running stack with the real models: a sandbox person verified with a
 * passport and a live selfie completes a second session with the selfie alone (session →
 * biometrics MatchEnrolled against the enrolled face), and billing follows the policy.
 * The policy is set through the admin API; enrolment and charges are read from their tables.
 */
describe('Vault reuse over the running stack', () => {
  let database: TestDatabase;
  let stack: RunningStack;
  let api: ApiClient;
  let db: DataSource;
  let dataDir: string;
  let passport: DocumentFixture;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-e2e-vault-'));
    database = await startTestDatabase();
    const lines: string[] = [];
    try {
      stack = await startStack({
        dataDir,
        databaseUrl: database.url,
        env: { LOG_LEVEL: 'warn', KAFKA_BROKERS: '' },
        log: (line) => lines.push(line),
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${lines.slice(-30).join('\n')}`);
    }
    api = new ApiClient(stack.baseUrl);
    db = createSessionDataSource(database.url);
    await db.initialize();
    passport = await documentFixture({ seed: 24 });
  }, 240_000);

  afterAll(async () => {
    await db?.destroy();
    await stack?.stop();
    await database?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const project = async (billing: 'charge' | 'free') => {
    const created = await api.request('POST', '/admin/v1/projects', {
      key: stack.credentials.adminToken,
      json: { name: `vault-${Math.random().toString(36).slice(2)}` },
    });
    expect(created.status).toBe(201);
    const projectId = created.body.project.id as string;
    const settings = await api.request('PATCH', `/admin/v1/projects/${projectId}/environments/sandbox/settings`, {
      key: stack.credentials.adminToken,
      json: { vaultReuseEnabled: true, vaultReuseBilling: billing },
    });
    expect(settings.body).toMatchObject({ vaultReuseEnabled: true, vaultReuseMaxAgeDays: 365, vaultReuseBilling: billing });
    return { projectId, key: created.body.keys.sandbox.secretKey as string };
  };

  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const enrolled = (sessionId: string) =>
    until(
      async () => (await db.query(`SELECT enrolled_at FROM biometrics.selfies WHERE session_id = $1`, [sessionId]))[0]?.enrolled_at,
      Boolean,
    );
  const chargesOf = async (sessionId: string) =>
    ((await db.query(`SELECT count(*)::int AS n FROM billing.charges WHERE session_id = $1`, [sessionId])) as { n: number }[])[0].n;

  /** A session of `email` completed the normal way: passport page and live selfie. */
  const verifiedSession = async (key: string, email: string) => {
    const created = await api.createSession(key, { clientMetadata: { email } });
    expect(created.status).toBe(201);
    const sessionId = created.body.id as string;
    for (const { side, image } of passport.sides)
      expect((await api.uploadDocument(key, sessionId, image, { imageType: side })).status).toBe(200);
    expect((await api.uploadFace(key, sessionId, liveSelfie())).status).toBe(200);
    const submitted = await api.submit(key, sessionId);
    expect(submitted.body).toMatchObject({ success: true, status: 'completed' });
    return { sessionId, submitted };
  };

  it('a second session of the same person completes with the selfie alone, isReused, the earlier data, billed by the policy', async () => {
    const { key } = await project('free');
    const email = `vault-${Math.random().toString(36).slice(2)}@example.com`;
    const earlier = await verifiedSession(key, email);
    expect(await enrolled(earlier.sessionId)).toBeTruthy();

    // The same person, the e-mail typed differently: a selfie and no document.
    const created = await api.createSession(key, { clientMetadata: { email: ` ${email.toUpperCase()}` } });
    const sessionId = created.body.id as string;
    expect((await api.uploadFace(key, sessionId, liveSelfie())).status).toBe(200);
    const submitted = await api.submit(key, sessionId);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ success: true, status: 'completed' });
    expect(submitted.body.data.extractedData).toEqual(earlier.submitted.body.data.extractedData);

    const read = await api.verification(key, sessionId);
    expect(read.body).toMatchObject({
      status: 'completed',
      verification: { status: 'success', isReused: true, faceMatchStatus: 'MATCHED', documentType: 'passport' },
    });
    expect(read.body.verification.faceMatchScore).toBeGreaterThanOrEqual(0.7);
    const earlierRead = await api.verification(key, earlier.sessionId);
    expect(earlierRead.body.verification.isReused).toBe(false);

    // The ordinary completions are charged; the reuse is free under this policy (and joins the duplicate index).
    // Billing reads the events in order: once a later completion is charged, the reuse's event was handled.
    // (The later one is in a project of its own: here the same face under another e-mail would go to review.)
    expect(await enrolled(sessionId)).toBeTruthy();
    const later = await verifiedSession((await project('charge')).key, `later-${email}`);
    const charged = (id: string) =>
      until(
        () => chargesOf(id),
        (n) => n === 1,
      );
    expect(await charged(later.sessionId)).toBe(1);
    expect(await chargesOf(earlier.sessionId)).toBe(1);
    expect(await chargesOf(sessionId)).toBe(0);
  }, 180_000);

  it('charged under the charge policy; someone never verified is asked for the document', async () => {
    const { key } = await project('charge');
    const email = `vault-${Math.random().toString(36).slice(2)}@example.com`;
    const earlier = await verifiedSession(key, email);
    await enrolled(earlier.sessionId);

    const created = await api.createSession(key, { clientMetadata: { email } });
    const sessionId = created.body.id as string;
    await api.uploadFace(key, sessionId, liveSelfie());
    expect((await api.submit(key, sessionId)).body).toMatchObject({ success: true, status: 'completed' });
    expect(
      await until(
        () => chargesOf(sessionId),
        (n) => n === 1,
      ),
    ).toBe(1);

    const stranger = (await api.createSession(key, { clientMetadata: { email: `new-${email}` } })).body.id as string;
    await api.uploadFace(key, stranger, liveSelfie());
    const refused = await api.submit(key, stranger);
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('KYC_UPLOADS_MISSING');
    expect(JSON.stringify(refused.body)).toContain('identity document');
    expect((await api.verification(key, stranger)).body.status).toBe('connected');
  }, 180_000);
});
