import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { KycApiError, KycClient, generateTestHeaders, verifyWebhook } from '@kyc/sdk';
import { type RunningStack, startStack } from '@kyc/stack';
import { ApiClient } from './api-client';
import { sampleGif, sampleJpeg, samplePng } from './images';
import { Receiver } from './webhook-receiver';

/**
 * The SDK (packages/sdk) as an integrator uses it, against the real gateway: the stack started as
 * `npm start` starts it, a test-mode verification driven through the client alone, and a real
 * webhook delivery compared with the SDK's test-signature helper.
 */
describe('@kyc/sdk against the running stack', () => {
  let stack: RunningStack;
  let dataDir: string;
  let receiver: Receiver;
  let secret: string;
  let kyc: KycClient;

  beforeAll(async () => {
    receiver = new Receiver();
    await receiver.start();
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-e2e-sdk-'));
    stack = await startStack({ dataDir, env: { LOG_LEVEL: 'warn', KAFKA_BROKERS: '', AUTH_CACHE_TTL_MS: '0' } });
    const admin = new ApiClient(stack.baseUrl);
    const hook = await admin.request('PUT', `/admin/v1/projects/${stack.credentials.projectId}/environments/test/webhook`, {
      key: stack.credentials.adminToken,
      json: { url: receiver.url },
    });
    secret = hook.body.secret;
    kyc = new KycClient({ baseUrl: stack.baseUrl, apiKey: stack.credentials.environments.test.secretKey, apiVersion: '2026-06-01' });
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('walks a test-mode verification: create, both sides, selfie, device data, submit, read', async () => {
    const session = await kyc.sessions.create({
      clientMetadata: { email: 'alice.approved@example.com', userId: 'u-sdk' },
      expiryMinutes: 10,
    });
    expect(session).toMatchObject({ status: 'pending', testMode: true, embedToken: expect.any(String) });

    const front = await kyc.verifications.uploadDocument(session.id, { image: await sampleJpeg(), imageType: 'front' });
    expect(front).toMatchObject({ success: true, uploadedImageType: 'front', requiresBackSide: true, readyForVerification: false });
    const back = await kyc.verifications.uploadDocument(session.id, { image: await samplePng(), imageType: 'back' });
    expect(back).toMatchObject({ uploadedSides: { front: true, back: true }, readyForVerification: true });
    const face = await kyc.verifications.uploadFace(session.id, { image: await sampleJpeg() });
    expect(face).toMatchObject({ success: true, readyForFinalVerification: true });
    await kyc.verifications.recordDeviceData(session.id, { timezone: 'Europe/Berlin', platform: 'iOS' });

    const result = await kyc.verifications.submit(session.id);
    expect(result).toMatchObject({ success: true, status: 'completed', data: { extractedData: { firstName: expect.any(String) } } });
    const read = await kyc.verifications.retrieve(session.id);
    expect(read).toMatchObject({ sessionId: session.id, status: 'completed', clientMetadata: { userId: 'u-sdk' } });
    expect(read.verification).toMatchObject({ extractedData: { documentNumber: expect.any(String) } });
    expect(await kyc.sessions.retrieve(session.id)).toMatchObject({ id: session.id, status: 'completed' });
  });

  it('makes one session of concurrent creates sharing a key: the in-flight 409s are retried with the same key', async () => {
    const idempotencyKey = `sdk-e2e-${Date.now()}`;
    // The client's fetch, watched: which key each attempt sent and what the gateway answered.
    const attempts: { key: string | null; status: number }[] = [];
    const watched = new KycClient({
      baseUrl: stack.baseUrl,
      apiKey: stack.credentials.environments.test.secretKey,
      maxRetries: 5,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        attempts.push({ key: new Headers(init?.headers).get('idempotency-key'), status: response.status });
        return response;
      },
    });
    const sessions = await Promise.all(Array.from({ length: 8 }, () => watched.sessions.create({ expiryMinutes: 7 }, { idempotencyKey })));
    expect(new Set(sessions.map((session) => session.id)).size).toBe(1);
    const inFlight = attempts.filter((attempt) => attempt.status === 409).length;
    expect(attempts.every((attempt) => attempt.key === idempotencyKey && [201, 409].includes(attempt.status))).toBe(true);
    expect(attempts).toHaveLength(8 + inFlight); // every 409 was followed by a retry that got the session
    const reused = await kyc.sessions.create({ expiryMinutes: 8 }, { idempotencyKey }).catch((error: unknown) => error);
    expect(reused).toBeInstanceOf(KycApiError);
    expect(reused).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED', requestId: expect.any(String) });
  });

  it("throws the gateway's errors typed: the envelope's code, retryable flag and the request id", async () => {
    const missing = await kyc.verifications.submit('00000000-0000-4000-8000-000000000000').catch((error: unknown) => error);
    expect(missing).toMatchObject({ status: 404, code: 'KYC_001', retryable: false, requestId: expect.any(String) });
    const session = await kyc.sessions.create();
    const gif = await kyc.verifications
      .uploadDocument(session.id, { image: await sampleGif(), imageType: 'front', contentType: 'image/gif' })
      .catch((error: unknown) => error);
    expect(gif).toMatchObject({ status: 400, code: 'KYC_006', retryable: true });
    const wrongKey = new KycClient({ baseUrl: stack.baseUrl, apiKey: 'sk_test_' + 'x'.repeat(32) });
    await expect(wrongKey.sessions.create()).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('signs test headers exactly as the webhook service signs a real delivery', async () => {
    const session = await kyc.sessions.create({ clientMetadata: { email: 'bob.approved@example.com' } });
    await kyc.verifications.submit(session.id);
    const [delivery] = await receiver.waitFor(session.id, 1);
    expect(delivery).toBeDefined();
    expect(verifyWebhook(delivery.body, delivery.headers, secret)).toMatchObject({ type: 'verification.completed' });
    const headers = generateTestHeaders({
      payload: delivery.body,
      secret,
      timestamp: Number(delivery.headers['webhook-timestamp']),
      eventId: String(delivery.headers['webhook-id']),
    });
    for (const [name, value] of Object.entries(headers)) expect([name, delivery.headers[name]]).toEqual([name, value]);
  });
});
