import { createHmac, randomUUID } from 'node:crypto';
import { common } from '@kyc/contracts';
import { createLogger } from '@kyc/logger';
import { withServiceDatabase } from '@kyc/testing';
import { createWebhookDataSource } from '../infrastructure/data-source';
import { DeliveryRepository } from '../infrastructure/delivery.repository';
import { EndpointRepository } from '../infrastructure/endpoint.repository';
import { EndpointUrlPolicy } from '../infrastructure/endpoint-url-policy';
import { WebhookDispatcher } from '../infrastructure/webhook-dispatcher';
import { WebhookGrpcController } from '../transport/webhook.grpc-controller';
import { LocalReceiver, type ReceivedDelivery } from './local-receiver';

/**
 * Issue 26 item 6, on a real PostgreSQL with a real local receiver: setting the same URL again
 * does not rotate the secret; a rotation signs with the new secret and, for its overlap, the old
 * one beside it (two v1 entries), so receivers switch without losing a delivery.
 */
describe('webhook secret rotation with overlap', () => {
  const database = withServiceDatabase(createWebhookDataSource);
  const receiver = new LocalReceiver();
  const { received } = receiver;
  let hookUrl: string;
  let controller: WebhookGrpcController;
  let deliveries: DeliveryRepository;
  const TEST = common.ProjectEnvironment.PROJECT_ENVIRONMENT_TEST;

  beforeAll(async () => {
    hookUrl = `http://127.0.0.1:${await receiver.start()}/hook`;
    deliveries = new DeliveryRepository(database.dataSource);
    controller = new WebhookGrpcController(new EndpointRepository(database.dataSource), deliveries, new EndpointUrlPolicy(true));
  });
  afterAll(() => receiver.stop());

  /** Which of `secrets` the v1 entries of a delivery's X-Signature verify with, in header order. */
  function signersOf(delivery: ReceivedDelivery, secrets: Record<string, string>): string[] {
    const header = String(delivery.headers['x-signature']);
    const t = header.match(/t=(\d+)/)![1];
    return [...header.matchAll(/v1=([0-9a-f]+)/g)].map(([, hex]) => {
      const signer = Object.entries(secrets).find(
        ([, secret]) => createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex') === hex,
      );
      return signer?.[0] ?? 'nobody';
    });
  }

  /** One delivery of a fresh event for the project, sent by a dispatcher; what the receiver got. */
  async function deliverOne(projectId: string) {
    const eventId = randomUUID();
    const sessionId = randomUUID();
    await deliveries.enqueue(
      { id: eventId, projectId, environment: 'test', sessionId, type: 'verification.completed' },
      `{"id":"${eventId}"}`,
    );
    const dispatcher = new WebhookDispatcher(deliveries, createLogger('webhook-test', 'silent'), {
      retryScheduleMs: [60_000],
      timeoutMs: 2_000,
      concurrency: 4,
      allowPrivateUrls: true,
    });
    await dispatcher.dispatchDue();
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && !received.some((r) => r.body.includes(eventId)))
      await new Promise((resolve) => setTimeout(resolve, 50));
    const delivery = received.find((r) => r.body.includes(eventId));
    if (!delivery) throw new Error('the delivery did not arrive');
    return { delivery, eventId };
  }

  it('issues a secret for the first endpoint only: the same URL again, or another URL, keeps it', async () => {
    const projectId = randomUUID();
    const first = await controller.setEndpoint({ projectId, environment: TEST, url: hookUrl });
    expect(first.secret).toMatch(/^whsec_/);
    const again = await controller.setEndpoint({ projectId, environment: TEST, url: hookUrl });
    expect(again.secret).toBe('');
    const moved = await controller.setEndpoint({ projectId, environment: TEST, url: hookUrl.replace('/hook', '/hook2') });
    expect(moved).toMatchObject({ secret: '', url: hookUrl.replace('/hook', '/hook2') });
    await controller.setEndpoint({ projectId, environment: TEST, url: hookUrl });
    const { delivery, eventId } = await deliverOne(projectId);
    expect(signersOf(delivery, { first: first.secret })).toEqual(['first']);
    expect(delivery.headers['webhook-id']).toBe(eventId);
    expect(delivery.headers['webhook-timestamp']).toMatch(/^\d+$/);
  });

  it('signs with the new and the old secret during the overlap, new first; the legacy header with the new only', async () => {
    const projectId = randomUUID();
    const old = await controller.setEndpoint({ projectId, environment: TEST, url: hookUrl });
    const rotated = await controller.rotateSecret({ projectId, environment: TEST, overlapSeconds: 3600 });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(old.secret);
    expect(new Date(rotated.previousSecretExpiresAt).getTime() - Date.now()).toBeGreaterThan(3_500_000);
    const { delivery } = await deliverOne(projectId);
    expect(signersOf(delivery, { new: rotated.secret, old: old.secret })).toEqual(['new', 'old']);
    expect(delivery.headers['x-signature-256']).toBe(`sha256=${createHmac('sha256', rotated.secret).update(delivery.body).digest('hex')}`);
    expect((await controller.getEndpoint({ projectId, environment: TEST })).previousSecretExpiresAt).toBe(rotated.previousSecretExpiresAt);
  });

  it('drops the old secret when the overlap ends, or at once with an overlap of 0; at most two sign', async () => {
    const projectId = randomUUID();
    const first = await controller.setEndpoint({ projectId, environment: TEST, url: hookUrl });
    const second = await controller.rotateSecret({ projectId, environment: TEST, overlapSeconds: 1 });
    const third = await controller.rotateSecret({ projectId, environment: TEST, overlapSeconds: 60 });
    const secrets = { first: first.secret, second: second.secret, third: third.secret };
    expect(signersOf((await deliverOne(projectId)).delivery, secrets)).toEqual(['third', 'second']);
    const fourth = await controller.rotateSecret({ projectId, environment: TEST, overlapSeconds: 0 });
    expect(fourth.previousSecretExpiresAt).toBe('');
    expect(signersOf((await deliverOne(projectId)).delivery, { ...secrets, fourth: fourth.secret })).toEqual(['fourth']);

    const fifth = await controller.rotateSecret({ projectId, environment: TEST, overlapSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(signersOf((await deliverOne(projectId)).delivery, { fourth: fourth.secret, fifth: fifth.secret })).toEqual(['fifth']);
  });

  it('refuses to rotate without an endpoint, or with an overlap over 7 days', async () => {
    await expect(controller.rotateSecret({ projectId: randomUUID(), environment: TEST, overlapSeconds: 60 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const projectId = randomUUID();
    await controller.setEndpoint({ projectId, environment: TEST, url: hookUrl });
    await expect(controller.rotateSecret({ projectId, environment: TEST, overlapSeconds: 7 * 24 * 3600 + 1 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
