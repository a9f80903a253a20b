import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startStack, type RunningStack } from '@kyc/stack';
import { ApiClient, imageForm } from './api-client';
import { sampleGif, sampleJpeg, samplePng } from './images';

/**
 * The Direct API in test mode, end to end: the stack started as `npm start` starts it (embedded
 * PostgreSQL, one process per service, real gRPC), driven over HTTP.
 */
describe('Direct API (test mode) over the running stack', () => {
  let stack: RunningStack;
  let api: ApiClient;
  let sk: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-e2e-'));
    const lines: string[] = [];
    try {
      stack = await startStack({
        dataDir,
        // This suite creates ~50 test sessions a minute in one project environment: room above the default 60.
        env: {
          AUTH_CACHE_TTL_MS: '0',
          BILLING_TRIAL_VERIFICATIONS: '0',
          LOG_LEVEL: 'warn',
          KAFKA_BROKERS: '',
          RATE_LIMIT_SESSION_CREATES_PER_MINUTE: '600',
        },
        log: (line) => lines.push(line),
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${lines.slice(-30).join('\n')}`);
    }
    api = new ApiClient(stack.baseUrl);
    sk = stack.credentials.environments.test.secretKey;
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('sessions', () => {
    it('creates a session with the spec fields and echoes the version', async () => {
      const created = await api.createSession(sk, {
        clientMetadata: { email: 'alice.approved@example.com', userId: 'u-1' },
        language: 'en',
        expiryMinutes: 10,
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'pending',
        embedToken: expect.stringMatching(/^ey[\w-]+\.[\w-]+\.[\w-]+$/),
        expiresAt: expect.any(String),
        createdAt: expect.any(String),
        widgetUrl: expect.stringContaining(created.body.id),
        qrCodeUrl: expect.stringContaining(created.body.id),
        allowManualUpload: true,
        testMode: true,
      });
      const lifetime = Date.parse(created.body.expiresAt) - Date.parse(created.body.createdAt);
      expect(lifetime).toBe(10 * 60_000);
      expect(created.headers.get('service-version')).toBe('2026-06-01');
    });

    it('defaults to 5 minutes and resolves an unknown version to the baseline', async () => {
      const created = await api.request('POST', '/v1/sessions', { key: sk, headers: { 'service-version': '1999-01-01' } });
      expect(created.status).toBe(201);
      expect(Date.parse(created.body.expiresAt) - Date.parse(created.body.createdAt)).toBe(5 * 60_000);
      expect(created.headers.get('service-version')).toBe('2026-06-01');
    });

    it('reads and updates a session', async () => {
      const { body: s } = await api.createSession(sk, { clientMetadata: { email: 'bob.approved@example.com' } });
      const read = await api.request('GET', `/v1/sessions/${s.id}`, { key: sk });
      expect(read.status).toBe(200);
      expect(read.body).toEqual({
        id: s.id,
        status: 'pending',
        clientMetadata: { email: 'bob.approved@example.com' },
        createdAt: s.createdAt,
        expiresAt: s.expiresAt,
        updatedAt: expect.any(String),
        // Spec 2.10: set by the device-side consent record.
        userConsent: false,
        consentTimestamp: null,
      });
      const updated = await api.request('PATCH', `/v1/sessions/${s.id}`, {
        key: sk,
        json: { clientMetadata: { email: 'bob.approved@example.com', userId: 'u-9' } },
      });
      expect(updated.status).toBe(200);
      expect(updated.body.clientMetadata).toEqual({ email: 'bob.approved@example.com', userId: 'u-9' });
    });
  });

  describe('test-mode personas', () => {
    it('completes alice right after creation, and submit again returns the cached result', async () => {
      const { body: s } = await api.createSession(sk, { clientMetadata: { email: 'alice.approved@example.com' } });
      const submitted = await api.submit(sk, s.id);
      expect(submitted.status).toBe(200);
      expect(submitted.body).toMatchObject({
        success: true,
        status: 'completed',
        confidence: expect.any(Number),
        data: { documentType: expect.any(String), verificationAttemptId: expect.any(String) },
      });
      expect(Object.keys(submitted.body.data.extractedData).sort()).toEqual([
        'dateOfBirth',
        'firstName',
        'fullName',
        'lastName',
        'nationality',
        'sex',
      ]);
      expect(submitted.body.data.extractedData.nationality).toMatch(/^[A-Z]{3}$/);

      const again = await api.submit(sk, s.id);
      expect(again.body.data.verificationAttemptId).toBe(submitted.body.data.verificationAttemptId);

      const read = await api.verification(sk, s.id);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        sessionId: s.id,
        status: 'completed',
        testMode: true,
        verification: { id: submitted.body.data.verificationAttemptId, status: 'success' },
      });
      expect(read.body.verification.extractedData.documentNumber).toEqual(expect.any(String));
      expect(read.body).not.toHaveProperty('issues');

      // A closed verification may be served from the gateway's cache, but never with stale metadata after an update.
      await api.request('PATCH', `/v1/sessions/${s.id}`, {
        key: sk,
        json: { clientMetadata: { email: 'alice.approved@example.com', note: 'changed' } },
      });
      expect((await api.verification(sk, s.id)).body.clientMetadata).toEqual({ email: 'alice.approved@example.com', note: 'changed' });
    });

    it('rejects carol', async () => {
      const { body: s } = await api.createSession(sk, { clientMetadata: { email: 'carol.rejected@example.com' } });
      const submitted = await api.submit(sk, s.id);
      expect(submitted.body).toMatchObject({ success: false, issues: [{ code: 'GENERIC_REVIEW' }] });
      expect((await api.verification(sk, s.id)).body.status).toBe('rejected');
    });

    it('treats an unknown e-mail like the first approved persona', async () => {
      const { body: s } = await api.createSession(sk, { clientMetadata: { email: 'someone@else.org' } });
      expect((await api.submit(sk, s.id)).body.status).toBe('completed');
    });
  });

  describe('uploads', () => {
    it('walks front, back, selfie, device data and submit', async () => {
      const { body: s } = await api.createSession(sk, { clientMetadata: { email: 'alice.approved@example.com' } });
      const jpeg = await sampleJpeg();
      const front = await api.uploadDocument(sk, s.id, jpeg, { imageType: 'front' });
      expect(front.status).toBe(200);
      expect(front.body).toMatchObject({
        success: true,
        uploadedImageType: 'front',
        requiresBackSide: true,
        uploadedSides: { front: true, back: false },
        readyForVerification: false,
      });
      expect(front.body).not.toHaveProperty('issues');

      const early = await api.submit(sk, s.id);
      expect(early.status).toBe(400);
      expect(early.body).toMatchObject({
        errorCode: 'KYC_009',
        statusCode: 400,
        retryable: true,
        path: `/v1/verifications/${s.id}/submit`,
      });

      const back = await api.uploadDocument(sk, s.id, await samplePng(), { imageType: 'back' }, 'back.png');
      expect(back.body).toMatchObject({ uploadedSides: { front: true, back: true }, readyForVerification: true });

      const face = await api.uploadFace(sk, s.id, jpeg);
      expect(face.body).toEqual({
        success: true,
        confidence: expect.any(Number),
        message: expect.any(String),
        readyForFinalVerification: true,
      });

      const device1 = await api.request('POST', `/v1/verifications/${s.id}/device-data`, {
        key: sk,
        json: { timezone: 'Europe/Berlin', platform: 'iOS' },
      });
      const device2 = await api.request('POST', `/v1/verifications/${s.id}/device-data`, { key: sk, json: { platform: 'Android' } });
      expect(device1.status).toBe(200);
      expect(device2.body.deviceData).toEqual({ timezone: 'Europe/Berlin', platform: 'Android' });

      expect((await api.submit(sk, s.id)).body.status).toBe('completed');
      const late = await api.uploadDocument(sk, s.id, jpeg, { imageType: 'front' });
      expect(late.status).toBe(409);
      expect(late.body.errorCode).toBe('KYC_SESSION_CLOSED');
    });
  });

  describe('bad input', () => {
    let sessionId: string;
    beforeAll(async () => {
      sessionId = (await api.createSession(sk, { clientMetadata: { email: 'bob.approved@example.com' } })).body.id;
    });

    it.each([
      ['no key', undefined],
      ['unknown key', 'sk_test_' + 'x'.repeat(32)],
      ['malformed key', 'not-a-key'],
      ['publishable key', 'pk_test_' + 'x'.repeat(32)],
    ])('%s → 401', async (_name, key) => {
      const response = await api.request('GET', `/v1/verifications/${sessionId}`, { key });
      expect(response.status).toBe(401);
      expect(response.body.errorCode).toBe('UNAUTHENTICATED');
    });

    it('an unknown or malformed session id → 404 KYC_001 in the envelope', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        const response = await api.verification(sk, id);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({
          statusCode: 404,
          timestamp: expect.any(String),
          path: `/v1/verifications/${id}`,
          errorCode: 'KYC_001',
          retryable: false,
          message: expect.any(String),
        });
      }
    });

    it('malformed JSON and wrong types → 400 in the flat format', async () => {
      const malformed = await api.request('POST', '/v1/sessions', { key: sk, rawBody: '{"clientMetadata": ' });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ statusCode: 400, error: 'Bad Request', errorCode: 'MALFORMED_JSON' });
      for (const json of [
        { expiryMinutes: 0 },
        { expiryMinutes: 61 },
        { expiryMinutes: '5' },
        { language: 'fr' },
        { clientMetadata: 'x' },
        { clientMetadata: { email: 5 } },
      ]) {
        const response = await api.createSession(sk, json);
        expect(response.status).toBe(400);
        expect(response.body.errorCode).toBe('VALIDATION_FAILED');
      }
    });

    it('rejects files that are not JPG/PNG, too big, empty, truncated or missing with KYC_006', async () => {
      const jpeg = await sampleJpeg();
      const big = Buffer.alloc(11 * 1024 * 1024, 0);
      big.set([0xff, 0xd8, 0xff, 0xe0]);
      const cases: [string, Buffer][] = [
        ['text renamed .jpg', Buffer.from('this is not an image')],
        ['gif renamed .jpg', await sampleGif()],
        ['11 MB', big],
        ['empty', Buffer.alloc(0)],
        ['truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
      ];
      for (const [name, image] of cases) {
        const response = await api.uploadDocument(sk, sessionId, image, { imageType: 'front' });
        expect({ name, status: response.status, code: response.body.errorCode }).toEqual({ name, status: 400, code: 'KYC_006' });
      }
      const form = new FormData();
      form.append('imageType', 'front');
      const missing = await api.request('POST', `/v1/verifications/${sessionId}/documents`, { key: sk, form });
      expect(missing.body.errorCode).toBe('KYC_006');
      const badSide = await api.uploadDocument(sk, sessionId, jpeg, { imageType: 'selfie' });
      expect(badSide.body.errorCode).toBe('VALIDATION_FAILED');
      // Nothing was recorded by the rejected uploads.
      expect((await api.request('GET', `/v1/sessions/${sessionId}`, { key: sk })).body.status).toBe('pending');
      expect((await api.request('GET', '/healthz')).status).toBe(200);
    });

    it('20 concurrent creates with one Idempotency-Key make one session', async () => {
      const key = `e2e-${Date.now()}`;
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => api.createSession(sk, { expiryMinutes: 7 }, { 'idempotency-key': key })),
      );
      const ids = new Set(responses.filter((r) => r.status === 201).map((r) => r.body.id));
      expect(ids.size).toBe(1);
      for (const r of responses) expect([201, 409]).toContain(r.status);
      const replay = await api.createSession(sk, { expiryMinutes: 7 }, { 'idempotency-key': key });
      expect(replay.body.id).toEqual([...ids][0]);
      const reused = await api.createSession(sk, { expiryMinutes: 8 }, { 'idempotency-key': key });
      expect(reused.status).toBe(422);
      expect(reused.body.errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
    });
  });

  describe('device side, bearer embedToken (spec 4.9)', () => {
    const device = (token: string, path: string, form?: FormData) => api.request('POST', path, { key: token, ...(form ? { form } : {}) });
    const consent = (token: string, sessionId: string, json: unknown, headers: Record<string, string> = {}) =>
      api.request('POST', `/v1/kyc/consent/${sessionId}`, { key: token, json, headers });
    /** A session whose end user has consented, as every device flow starts (spec 2.10). */
    const newSession = async (email = 'alice.approved@example.com', { consented = true } = {}) => {
      const { body } = await api.createSession(sk, { clientMetadata: { email } });
      const session = { id: body.id as string, token: body.embedToken as string };
      if (consented) expect((await consent(session.token, session.id, { textVersion: 'v1', locale: 'en' })).status).toBe(200);
      return session;
    };

    it('records the consent once per wording and shows it on the session read; the client cannot send IP or user agent', async () => {
      const session = await newSession('consent@example.com', { consented: false });
      expect((await api.request('GET', `/v1/sessions/${session.id}`, { key: sk })).body).toMatchObject({
        userConsent: false,
        consentTimestamp: null,
      });
      const first = await consent(
        session.token,
        session.id,
        { textVersion: 'terms-2026-11', locale: 'de-DE' },
        { 'user-agent': 'KycWidget/1.0' },
      );
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        success: true,
        userConsent: true,
        consentTimestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        textVersion: 'terms-2026-11',
        locale: 'de-DE',
        recorded: true,
      });
      const again = await consent(session.token, session.id, { textVersion: 'terms-2026-11', locale: 'de-DE' });
      expect(again.body).toMatchObject({ recorded: false, consentTimestamp: first.body.consentTimestamp });
      const read = await api.request('GET', `/v1/sessions/${session.id}`, { key: sk });
      expect(read.body).toMatchObject({ userConsent: true, consentTimestamp: first.body.consentTimestamp, status: 'pending' });
      // Five refusals: a session of their own, within its window of 5 consent calls (part 8).
      const probe = await newSession('consent-probe@example.com', { consented: false });
      for (const body of [
        { textVersion: 'v1', locale: 'en', ipAddress: '1.2.3.4' },
        { textVersion: 'v1', locale: 'en', userAgent: 'forged' },
        { locale: 'en' },
        { textVersion: 'x'.repeat(10_000), locale: 'en' },
        { textVersion: 'v1', locale: 'not a locale' },
      ]) {
        const refused = await consent(probe.token, probe.id, body);
        expect([refused.status, refused.body.errorCode]).toEqual([400, 'VALIDATION_FAILED']);
      }
      const other = await newSession('consent-other@example.com', { consented: false });
      const foreign = await consent(session.token, other.id, { textVersion: 'v1', locale: 'en' });
      expect([foreign.status, foreign.body.errorCode]).toEqual([404, 'KYC_001']);
      expect((await api.request('GET', `/v1/sessions/${other.id}`, { key: sk })).body.userConsent).toBe(false);
    });

    it('refuses device uploads before the consent (409 KYC_CONSENT_REQUIRED); server uploads do not ask', async () => {
      const session = await newSession('no-consent@example.com', { consented: false });
      const page = await device(
        session.token,
        '/v1/kyc/upload-document',
        imageForm(await sampleJpeg(), 'page.jpg', { sessionId: session.id, imageType: 'main' }),
      );
      expect([page.status, page.body.errorCode]).toEqual([409, 'KYC_CONSENT_REQUIRED']);
      const face = await device(
        session.token,
        '/v1/kyc/upload-face',
        imageForm(await sampleJpeg(), 'selfie.jpg', { sessionId: session.id }),
      );
      expect([face.status, face.body.errorCode]).toEqual([409, 'KYC_CONSENT_REQUIRED']);
      expect((await api.uploadFace(sk, session.id, await sampleJpeg())).status).toBe(200);
    });

    it('mixes device uploads with server calls on one session; complete-verification answers as submit', async () => {
      const session = await newSession();
      const page = await device(
        session.token,
        '/v1/kyc/upload-document',
        imageForm(await sampleJpeg(), 'page.jpg', { sessionId: session.id, imageType: 'main' }),
      );
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ success: true, uploadedImageType: 'main', requiresBackSide: false, uploadedSides: { main: true } });
      expect((await api.uploadFace(sk, session.id, await sampleJpeg())).status).toBe(200);
      const completed = await device(session.token, `/v1/kyc/complete-verification/${session.id}`);
      expect(completed.status).toBe(200);
      expect(completed.body).toMatchObject({ success: true, status: 'completed' });
      expect((await api.verification(sk, session.id)).body.status).toBe('completed');
      // The device finishing a session the server submitted gets the same cached answer.
      expect((await device(session.token, `/v1/kyc/complete-verification/${session.id}`)).body.verificationAttemptId).toBe(
        completed.body.verificationAttemptId,
      );
    });

    it('gives the token the longest life its session can have; a decided session refuses device calls', async () => {
      const { body: created } = await api.createSession(sk, { clientMetadata: { email: 'alice.approved@example.com' }, expiryMinutes: 10 });
      const claims = JSON.parse(Buffer.from(created.embedToken.split('.')[1], 'base64url').toString()) as { exp: number };
      // 10 minutes, then a fresh 24 h for each of the two action_required cycles (spec part 3, rule 6).
      expect(claims.exp * 1000).toBe(Math.floor((Date.parse(created.createdAt) + 10 * 60_000 + 48 * 3_600_000) / 1000) * 1000);

      expect((await consent(created.embedToken, created.id, { textVersion: 'v1', locale: 'en' })).status).toBe(200);
      expect((await api.submit(sk, created.id)).body.status).toBe('completed');
      const upload = await device(
        created.embedToken,
        '/v1/kyc/upload-face',
        imageForm(await sampleJpeg(), 'selfie.jpg', { sessionId: created.id }),
      );
      expect([upload.status, upload.body.errorCode]).toEqual([409, 'KYC_SESSION_CLOSED']);
      const precheck = await api.request('POST', '/v1/kyc/check_liveness_base64', {
        key: created.embedToken,
        json: { base64: (await sampleJpeg()).toString('base64') },
      });
      expect([precheck.status, precheck.body.errorCode]).toEqual([409, 'KYC_SESSION_CLOSED']);
      expect((await consent(created.embedToken, created.id, { textVersion: 'v2', locale: 'en' })).body.errorCode).toBe(
        'KYC_SESSION_CLOSED',
      );
    });

    it('answers the test-mode liveness pre-check without the models (spec part 1: no real AI processing)', async () => {
      const session = await newSession();
      const precheck = await api.request('POST', '/v1/kyc/check_liveness_base64', {
        key: session.token,
        json: { base64: (await samplePng()).toString('base64') },
      });
      expect([precheck.status, precheck.body]).toEqual([200, { isLive: true, confidence: 0.98 }]);
      const notAnImage = await api.request('POST', '/v1/kyc/check_liveness_base64', {
        key: session.token,
        json: { base64: Buffer.from('%PDF-1.7').toString('base64') },
      });
      expect(notAnImage.body.errorCode).toBe('KYC_006');
    });

    it('opens only its own session: another session id is 404 KYC_001, a secret key is 401', async () => {
      const [mine, other] = [await newSession(), await newSession()];
      const foreign = await device(
        mine.token,
        '/v1/kyc/upload-document',
        imageForm(await sampleJpeg(), 'page.jpg', { sessionId: other.id, imageType: 'main' }),
      );
      expect([foreign.status, foreign.body.errorCode]).toEqual([404, 'KYC_001']);
      const face = await device(mine.token, '/v1/kyc/upload-face', imageForm(await sampleJpeg(), 'selfie.jpg', { sessionId: other.id }));
      expect([face.status, face.body.errorCode]).toEqual([404, 'KYC_001']);
      const complete = await device(mine.token, `/v1/kyc/complete-verification/${other.id}`);
      expect([complete.status, complete.body.errorCode]).toEqual([404, 'KYC_001']);
      expect((await api.request('GET', `/v1/sessions/${other.id}`, { key: sk })).body.status).toBe('pending');
      const withSecretKey = await device(sk, '/v1/kyc/upload-face', imageForm(await sampleJpeg(), 'selfie.jpg', { sessionId: mine.id }));
      expect(withSecretKey.status).toBe(401);
      const unnamed = await device(mine.token, '/v1/kyc/upload-face', imageForm(await sampleJpeg(), 'selfie.jpg'));
      expect([unnamed.status, unnamed.body.errorCode]).toEqual([400, 'VALIDATION_FAILED']);
    });

    it('refuses the 21st document upload of a 3-minute window with 429 and Retry-After (part 8)', async () => {
      const session = await newSession();
      const jpeg = await sampleJpeg();
      for (let call = 1; call <= 20; call += 1) {
        const upload = await device(
          session.token,
          '/v1/kyc/upload-document',
          imageForm(jpeg, 'page.jpg', { sessionId: session.id, imageType: 'main' }),
        );
        expect([call, upload.status]).toEqual([call, 200]);
      }
      const refused = await device(
        session.token,
        '/v1/kyc/upload-document',
        imageForm(jpeg, 'page.jpg', { sessionId: session.id, imageType: 'main' }),
      );
      expect([refused.status, refused.body.errorCode]).toEqual([429, 'RATE_LIMITED']);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(180);
      // Another kind has its own window.
      expect((await device(session.token, '/v1/kyc/upload-face', imageForm(jpeg, 'selfie.jpg', { sessionId: session.id }))).status).toBe(
        200,
      );
    });
  });

  describe('tenancy', () => {
    const admin = () => ({ key: stack.credentials.adminToken });

    it("hides other projects' sessions (404 KYC_001)", async () => {
      const other = await api.request('POST', '/admin/v1/projects', { ...admin(), json: { name: 'Other' } });
      expect(other.status).toBe(201);
      const otherKey = other.body.keys.test.secretKey;
      const { body: mine } = await api.createSession(sk);
      const response = await api.verification(otherKey, mine.id);
      expect(response.status).toBe(404);
      expect(response.body.errorCode).toBe('KYC_001');
    });

    it('refuses live keys of an unapproved project with its moderationStatus, until approval', async () => {
      const { projectId, environments } = stack.credentials;
      const refused = await api.createSession(environments.live.secretKey);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ errorCode: 'PROJECT_NOT_APPROVED', moderationStatus: 'pending_review' });
      await api.request('POST', `/admin/v1/projects/${projectId}/environments/live/balance`, { ...admin(), json: { amount: 5 } });
      expect((await api.request('POST', `/admin/v1/projects/${projectId}/approve`, admin())).body.moderationStatus).toBe('approved');
      expect((await api.createSession(environments.live.secretKey)).status).toBe(201);
    });

    it('answers 402 without trial or balance, and 201 after a top-up', async () => {
      const { projectId, environments } = stack.credentials;
      const refused = await api.createSession(environments.sandbox.secretKey);
      expect(refused.status).toBe(402);
      expect(refused.body.errorCode).toBe('KYC_023');
      const topUp = await api.request('POST', `/admin/v1/projects/${projectId}/environments/sandbox/balance`, {
        ...admin(),
        json: { amount: 3 },
      });
      expect(topUp.body).toMatchObject({ balance: 3 });
      expect((await api.createSession(environments.sandbox.secretKey)).status).toBe(201);
    });

    it('lets one of six concurrent creations through on a balance of one: each open session holds its unit', async () => {
      const created = await api.request('POST', '/admin/v1/projects', { ...admin(), json: { name: 'Race' } });
      const projectId = created.body.project.id;
      const sandboxKey = created.body.keys.sandbox.secretKey;
      await api.request('POST', `/admin/v1/projects/${projectId}/environments/sandbox/balance`, { ...admin(), json: { amount: 1 } });
      const answers = await Promise.all(Array.from({ length: 6 }, () => api.createSession(sandboxKey)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 402, 402, 402, 402, 402]);
      expect(answers.filter((a) => a.status === 402).every((a) => a.body.errorCode === 'KYC_023')).toBe(true);
      // Nothing is charged before completion: the balance still shows the unit the open session holds.
      const balance = await api.request('GET', `/admin/v1/projects/${projectId}/environments/sandbox/balance`, admin());
      expect(balance.body).toMatchObject({ balance: 1 });
      await api.request('POST', `/admin/v1/projects/${projectId}/environments/sandbox/balance`, { ...admin(), json: { amount: 1 } });
      expect((await api.createSession(sandboxKey)).status).toBe(201);
      expect((await api.createSession(sandboxKey)).status).toBe(402);
    });

    it('sets trial and credit limit through the admin API and shows the balance history', async () => {
      const created = await api.request('POST', '/admin/v1/projects', { ...admin(), json: { name: 'Credit' } });
      const projectId = created.body.project.id;
      const sandboxKey = created.body.keys.sandbox.secretKey;
      expect((await api.createSession(sandboxKey)).body.errorCode).toBe('KYC_023');

      const credit = await api.request('PUT', `/admin/v1/projects/${projectId}/environments/sandbox/credit-limit`, {
        ...admin(),
        json: { creditLimit: 2 },
      });
      expect(credit.status).toBe(200);
      expect(credit.body).toMatchObject({ balance: 0, creditLimit: 2 });
      expect((await api.createSession(sandboxKey)).status).toBe(201);

      const trial = await api.request('PUT', `/admin/v1/projects/${projectId}/environments/sandbox/trial`, {
        ...admin(),
        json: { trialRemaining: 3 },
      });
      expect(trial.body).toMatchObject({ trialRemaining: 3, creditLimit: 2 });
      const refused = await api.request('PUT', `/admin/v1/projects/${projectId}/environments/sandbox/credit-limit`, {
        ...admin(),
        json: { creditLimit: -1 },
      });
      expect(refused.status).toBe(400);

      const history = await api.request('GET', `/admin/v1/projects/${projectId}/environments/sandbox/balance/history?limit=1`, admin());
      expect(history.status).toBe(200);
      expect(history.body.entries).toEqual([
        expect.objectContaining({ kind: 'trial_set', amount: 3, trialRemainingAfter: 3, creditLimitAfter: 2 }),
      ]);
      const older = await api.request(
        'GET',
        `/admin/v1/projects/${projectId}/environments/sandbox/balance/history?before=${history.body.nextBefore}`,
        admin(),
      );
      expect(older.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['credit_limit_set']);
      expect(older.body.nextBefore).toBeNull();
      expect((await api.request('GET', `/admin/v1/projects/${projectId}/environments/test/balance/history`, admin())).status).toBe(400);
    });

    it('lists keys without secrets, rotates and revokes', async () => {
      const created = await api.request('POST', '/admin/v1/projects', { ...admin(), json: { name: 'Rotation' } });
      const projectId = created.body.project.id;
      const oldKey = created.body.keys.test.secretKey;
      const listed = await api.request('GET', `/admin/v1/projects/${projectId}/keys`, admin());
      expect(listed.body.keys).toHaveLength(6);
      expect(JSON.stringify(listed.body)).not.toContain(oldKey);

      const rotated = await api.request('POST', `/admin/v1/projects/${projectId}/environments/test/keys/rotate`, admin());
      expect(rotated.body.secretKey).toMatch(/^sk_test_/);
      expect((await api.createSession(oldKey)).status).toBe(401);
      expect((await api.createSession(rotated.body.secretKey)).status).toBe(201);

      const revoked = await api.request('POST', `/admin/v1/projects/${projectId}/keys/${rotated.body.secretKeyId}/revoke`, admin());
      expect(revoked.body.status).toBe('revoked');
      expect((await api.createSession(rotated.body.secretKey)).status).toBe(401);
    });

    it('checks the project and the environment before any project route reaches a service', async () => {
      const { projectId } = stack.credentials;
      const unknownProject = '00000000-0000-4000-8000-000000000000';
      const routes: [string, (project: string, environment: string) => string, object?][] = [
        ['PUT', (p, e) => `/admin/v1/projects/${p}/environments/${e}/webhook`, { url: 'http://127.0.0.1:9/hook' }],
        ['GET', (p, e) => `/admin/v1/projects/${p}/environments/${e}/webhook/deliveries`],
        ['POST', (p, e) => `/admin/v1/projects/${p}/environments/${e}/balance`, { amount: 1 }],
        ['GET', (p, e) => `/admin/v1/projects/${p}/environments/${e}/balance`],
        ['PUT', (p, e) => `/admin/v1/projects/${p}/environments/${e}/trial`, { trialRemaining: 1 }],
        ['GET', (p, e) => `/admin/v1/projects/${p}/environments/${e}/scoring-policy`],
        ['POST', (p, e) => `/admin/v1/projects/${p}/environments/${e}/keys/rotate`],
      ];
      for (const [method, path, json] of routes) {
        const missing = await api.request(method, path(unknownProject, 'sandbox'), { ...admin(), ...(json ? { json } : {}) });
        expect([method, path('…', 'sandbox'), missing.status]).toEqual([method, path('…', 'sandbox'), 404]);
        const badEnvironment = await api.request(method, path(projectId, 'staging'), { ...admin(), ...(json ? { json } : {}) });
        expect([method, path('…', 'staging'), badEnvironment.status, badEnvironment.body.errorCode]).toEqual([
          method,
          path('…', 'staging'),
          400,
          'VALIDATION_FAILED',
        ]);
      }
      const replay = await api.request('POST', `/admin/v1/projects/${unknownProject}/webhook/deliveries/${unknownProject}/replay`, admin());
      expect(replay.status).toBe(404);
    });

    it('sets a webhook URL and returns its whsec_ secret; lists sessions', async () => {
      const { projectId } = stack.credentials;
      const hook = await api.request('PUT', `/admin/v1/projects/${projectId}/environments/test/webhook`, {
        ...admin(),
        json: { url: 'http://127.0.0.1:9/hook' },
      });
      expect(hook.status).toBe(200);
      expect(hook.body).toEqual({ url: 'http://127.0.0.1:9/hook', secret: expect.stringMatching(/^whsec_/) });
      const sessions = await api.request('GET', `/admin/v1/projects/${projectId}/sessions?environment=test&limit=5`, admin());
      expect(sessions.body.sessions).toHaveLength(5);
      expect((await api.request('GET', '/admin/v1/projects', { key: 'wrong-token-wrong-token-wrong' })).status).toBe(401);
    });

    it("sets a sandbox scoring policy, reads it back, refuses bad ones, and shows a session's decisions", async () => {
      const created = await api.request('POST', '/admin/v1/projects', { ...admin(), json: { name: 'Scoring' } });
      const projectId = created.body.project.id;
      const policyPath = (environment: string) => `/admin/v1/projects/${projectId}/environments/${environment}/scoring-policy`;
      const weights = { detectionConfidence: 0.2, faceMatchScore: 0.6, livenessConfidence: 0.2 };

      const set = await api.request('PUT', policyPath('sandbox'), {
        ...admin(),
        json: { autoApproveThreshold: 0.9, weights, duplicates: 'allow' },
      });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({
        projectId,
        environment: 'sandbox',
        version: 1,
        overrides: { autoApproveThreshold: 0.9, weights, duplicates: 'allow' },
        effective: { autoApproveThreshold: 0.9, weights, lowSeverityPenalty: 0.05, duplicates: 'allow' },
        defaults: { autoApproveThreshold: 0.8 },
      });
      expect((await api.request('GET', policyPath('sandbox'), admin())).body).toEqual(set.body);
      expect((await api.request('GET', policyPath('live'), admin())).body).toMatchObject({ version: 0, overrides: {}, updatedAt: null });

      const misspelt = await api.request('PUT', policyPath('sandbox'), { ...admin(), json: { threshold: 0.9 } });
      expect(misspelt.status).toBe(400);
      expect(misspelt.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', error: 'Bad Request' });
      const outOfRange = await api.request('PUT', policyPath('sandbox'), {
        ...admin(),
        json: { autoApproveThreshold: 1.5, weights: { ...weights, faceMatchScore: 0.9 } },
      });
      expect(outOfRange.status).toBe(400);
      expect(outOfRange.body.problems).toEqual(['autoApproveThreshold must be a number in [0, 1]', 'weights must add up to 1, got 1.3']);
      const testMode = await api.request('PUT', policyPath('test'), { ...admin(), json: {} });
      expect(testMode.status).toBe(400);
      expect(testMode.body.message).toContain('environment must be sandbox or live');
      expect((await api.request('GET', policyPath('sandbox'), admin())).body.version).toBe(1);

      const testKey = created.body.keys.test.secretKey;
      const { body: session } = await api.createSession(testKey, { clientMetadata: { email: 'alice.approved@example.com' } });
      expect((await api.submit(testKey, session.id)).body.status).toBe('completed');
      const decisions = await api.request('GET', `/admin/v1/projects/${projectId}/sessions/${session.id}/decisions`, admin());
      expect(decisions.status).toBe(200);
      expect(decisions.body.decisions).toEqual([
        expect.objectContaining({
          sessionId: session.id,
          environment: 'test',
          outcome: 'completed',
          ruleFired: 'test_mode_persona',
          nextAction: null,
          failureReason: null,
          policy: null,
        }),
      ]);
      expect(decisions.body.decisions[0].explanation[0]).toMatchObject({ signal: 'test_persona' });
      const elsewhere = await api.request(
        'GET',
        `/admin/v1/projects/${stack.credentials.projectId}/sessions/${session.id}/decisions`,
        admin(),
      );
      expect(elsewhere.body).toEqual({ decisions: [] });
    });
  });
});
