import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { verifyWebhook } from '@kyc/sdk';
import { type RunningStack, startStack } from '@kyc/stack';
import { ApiClient } from './api-client';
import { type Received, Receiver } from './webhook-receiver';

/** How an integrator verifies a delivery: our SDK helper for X-Signature, and the legacy X-Signature-256. */
function verifies(received: Received, secret: string): boolean {
  try {
    verifyWebhook(received.body, received.headers, secret);
  } catch {
    return false;
  }
  const legacy = Buffer.from(`sha256=${createHmac('sha256', secret).update(received.body).digest('hex')}`);
  const given = Buffer.from(String(received.headers['x-signature-256']));
  return given.length === legacy.length && timingSafeEqual(given, legacy);
}

const kafkaBrokers = process.env.KAFKA_BROKERS ?? '';
if (!kafkaBrokers && process.env.CI)
  throw new Error('CI must run the webhook flow over Kafka: start `npm run kafka:local` and set KAFKA_BROKERS');
const transports: [string, string][] = [
  ['embedded PostgreSQL', ''],
  ...(kafkaBrokers ? [['Kafka', kafkaBrokers] as [string, string]] : []),
];

describe.each(transports)('webhooks over the running stack (%s events)', (_transport, brokers) => {
  let stack: RunningStack;
  let api: ApiClient;
  let dataDir: string;
  let receiver: Receiver;
  let secret: string;
  let sk: string;

  beforeAll(async () => {
    receiver = new Receiver();
    await receiver.start();
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-e2e-hooks-'));
    stack = await startStack({ dataDir, env: { WEBHOOK_RETRY_SCHEDULE_MS: '200,400,600', LOG_LEVEL: 'warn', KAFKA_BROKERS: brokers } });
    api = new ApiClient(stack.baseUrl);
    sk = stack.credentials.environments.test.secretKey;
    const hook = await api.request('PUT', `/admin/v1/projects/${stack.credentials.projectId}/environments/test/webhook`, {
      key: stack.credentials.adminToken,
      json: { url: receiver.url },
    });
    secret = hook.body.secret;
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    await receiver.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a signed verification.completed once, without the document number', async () => {
    const { body: s } = await api.createSession(sk, { clientMetadata: { email: 'alice.approved@example.com', userId: 'u-7' } });
    await api.submit(sk, s.id);
    const [delivery] = await receiver.waitFor(s.id, 1);
    expect(verifies(delivery, secret)).toBe(true);
    expect(verifies(delivery, 'whsec_wrong')).toBe(false);
    const body = JSON.parse(delivery.body);
    expect(body).toMatchObject({
      id: expect.any(String),
      type: 'verification.completed',
      data: { object: { id: s.id, status: 'completed', clientMetadata: { userId: 'u-7' } } },
    });
    const read = await api.verification(sk, s.id);
    expect(delivery.body).not.toContain(read.body.verification.extractedData.documentNumber);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.about(s.id)).toHaveLength(1);
  });

  it('retries failures with the same event id and records every attempt', async () => {
    receiver.failNext = 2;
    const { body: s } = await api.createSession(sk, { clientMetadata: { email: 'bob.approved@example.com' } });
    await api.submit(sk, s.id);
    const attempts = await receiver.waitFor(s.id, 3);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => JSON.parse(a.body).id)).size).toBe(1);
    const { body } = await api.request(
      'GET',
      `/admin/v1/projects/${stack.credentials.projectId}/environments/test/webhook/deliveries?limit=10`,
      { key: stack.credentials.adminToken },
    );
    const delivery = body.deliveries.find((d: { sessionId: string }) => d.sessionId === s.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(delivery.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 200]);

    const replayed = await api.request(
      'POST',
      `/admin/v1/projects/${stack.credentials.projectId}/webhook/deliveries/${delivery.id}/replay`,
      { key: stack.credentials.adminToken },
    );
    expect(replayed.status).toBe(200);
    const again = await receiver.waitFor(s.id, 4);
    expect(JSON.parse(again[3].body).id).toBe(JSON.parse(again[0].body).id);
  });

  it('sends verification.status_changed for a rejection and nothing for manual_review alone', async () => {
    const { body: s } = await api.createSession(sk, { clientMetadata: { email: 'carol.rejected@example.com' } });
    await api.submit(sk, s.id);
    const [delivery] = await receiver.waitFor(s.id, 1);
    expect(JSON.parse(delivery.body)).toMatchObject({
      type: 'verification.status_changed',
      data: { object: { status: 'rejected', rejection_reason: expect.any(String), reviewed_by: expect.any(String) } },
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.about(s.id).map((r) => JSON.parse(r.body).type)).toEqual(['verification.status_changed']);
  });

  it('does not let a receiver that never answers delay another project', async () => {
    const silent = createServer(() => undefined); // accepts the request, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const admin = { key: stack.credentials.adminToken };
      const other = await api.request('POST', '/admin/v1/projects', { ...admin, json: { name: 'Silent receiver' } });
      await api.request('PUT', `/admin/v1/projects/${other.body.project.id}/environments/test/webhook`, {
        ...admin,
        json: { url: `http://127.0.0.1:${(silent.address() as { port: number }).port}/` },
      });
      const otherKey = other.body.keys.test.secretKey;
      const deliveryLatency = async () => {
        const { body: s } = await api.createSession(sk, { clientMetadata: { email: 'alice.approved@example.com' } });
        await api.submit(sk, s.id);
        const submitted = Date.now();
        const [delivery] = await receiver.waitFor(s.id, 1, 10_000);
        expect(delivery).toBeDefined();
        return Date.now() - submitted;
      };
      const baseline = await deliveryLatency();
      for (let i = 0; i < 3; i++) {
        const { body: stuck } = await api.createSession(otherKey, { clientMetadata: { email: 'alice.approved@example.com' } });
        await api.submit(otherKey, stuck.id);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Three deliveries now hang for their 10 s timeout; ours must not wait behind them.
      expect(await deliveryLatency()).toBeLessThan(baseline + 1_000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('rotates the secret with an overlap: both secrets verify the next delivery, the same URL again rotates nothing', async () => {
    const admin = { key: stack.credentials.adminToken };
    const base = `/admin/v1/projects/${stack.credentials.projectId}/environments/test/webhook`;
    const same = await api.request('PUT', base, { ...admin, json: { url: receiver.url } });
    expect(same.status).toBe(200);
    expect(same.body).toEqual({ url: receiver.url });
    const rotated = await api.request('POST', `${base}/rotate-secret`, { ...admin, json: { overlapHours: 1 } });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({
      url: receiver.url,
      secret: expect.stringMatching(/^whsec_/),
      previousSecretExpiresAt: expect.any(String),
    });
    const { body: s } = await api.createSession(sk, { clientMetadata: { email: 'alice.approved@example.com' } });
    await api.submit(sk, s.id);
    const [delivery] = await receiver.waitFor(s.id, 1);
    expect(() => verifyWebhook(delivery.body, delivery.headers, secret)).not.toThrow();
    expect(verifies(delivery, rotated.body.secret)).toBe(true);
    expect(delivery.headers['webhook-id']).toBe(JSON.parse(delivery.body).id);
    // Receivers that switched: the old secret is dropped at once with an overlap of 0.
    const final = await api.request('POST', `${base}/rotate-secret`, { ...admin, json: { overlapHours: 0 } });
    expect(final.body.previousSecretExpiresAt).toBeNull();
    const refused = await api.request('POST', `${base}/rotate-secret`, { ...admin, json: { overlapHours: 169 } });
    expect(refused.status).toBe(400);
    const { body: next } = await api.createSession(sk, { clientMetadata: { email: 'alice.approved@example.com' } });
    await api.submit(sk, next.id);
    const [after] = await receiver.waitFor(next.id, 1);
    expect(verifies(after, final.body.secret)).toBe(true);
    expect(() => verifyWebhook(after.body, after.headers, rotated.body.secret)).toThrow();
    secret = final.body.secret;
  });

  it('refuses private addresses for live endpoints', async () => {
    const refused = await api.request('PUT', `/admin/v1/projects/${stack.credentials.projectId}/environments/live/webhook`, {
      key: stack.credentials.adminToken,
      json: { url: receiver.url },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('VALIDATION_FAILED');
  });
});
