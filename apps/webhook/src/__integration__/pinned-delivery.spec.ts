import { randomUUID } from 'node:crypto';
import { createLogger } from '@kyc/logger';
import { withServiceDatabase } from '@kyc/testing';
import { createWebhookDataSource } from '../infrastructure/data-source';
import { DeliveryRepository } from '../infrastructure/delivery.repository';
import { EndpointRepository } from '../infrastructure/endpoint.repository';
import { WebhookDispatcher } from '../infrastructure/webhook-dispatcher';
import { LocalReceiver } from './local-receiver';

/**
 * SSRF at send time, on a real PostgreSQL with a real local receiver: the dispatcher connects to
 * the address it vetted, so a host that rebinds between the check and the send cannot redirect
 * the delivery; link-local and metadata addresses are refused in every environment.
 */
describe('webhook delivery pinned to the vetted address', () => {
  const database = withServiceDatabase(createWebhookDataSource);
  const receiver = new LocalReceiver();
  const { received } = receiver;
  let port: number;

  beforeAll(async () => {
    port = await receiver.start();
  });
  afterAll(() => receiver.stop());

  /** A test-mode endpoint on `host`, one delivery for it, sent once by a dispatcher whose resolver answers `addresses`. */
  async function deliverVia(host: string, addresses: string[], lookups: string[]) {
    const projectId = randomUUID();
    await new EndpointRepository(database.dataSource).set(projectId, 'test', `http://${host}:${port}/hook`, () => 'whsec_test');
    const deliveries = new DeliveryRepository(database.dataSource);
    const sessionId = randomUUID();
    await deliveries.enqueue(
      { id: randomUUID(), projectId, environment: 'test', sessionId, type: 'verification.completed' },
      '{"event":"x"}',
    );
    const dispatcher = new WebhookDispatcher(deliveries, createLogger('webhook-test', 'silent'), {
      retryScheduleMs: [60_000],
      timeoutMs: 2_000,
      concurrency: 4,
      allowPrivateUrls: false,
      resolveHost: async (name) => {
        lookups.push(name);
        return addresses;
      },
    });
    await dispatcher.dispatchDue();
    const deadline = Date.now() + 5_000;
    let attempts: { status_code: number | null; error: string | null }[] = [];
    while (Date.now() < deadline && attempts.length === 0) {
      attempts = await database.dataSource.query(
        `SELECT a.status_code, a.error FROM webhook.delivery_attempts a JOIN webhook.deliveries d ON d.id = a.delivery_id WHERE d.session_id = $1`,
        [sessionId],
      );
      if (!attempts.length) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return attempts;
  }

  it('connects to the vetted address under the URL name, without a second lookup', async () => {
    const lookups: string[] = [];
    // The name does not exist: any resolution but the vetted one would fail the delivery.
    const attempts = await deliverVia('hooks.rebind.invalid', ['127.0.0.1'], lookups);
    expect(attempts).toEqual([{ status_code: 204, error: null }]);
    expect(lookups).toEqual(['hooks.rebind.invalid']);
    expect(received.at(-1)?.headers.host).toBe(`hooks.rebind.invalid:${port}`);
  });

  it('refuses a host that resolves to the metadata address, even in test mode, without connecting', async () => {
    const before = received.length;
    const attempts = await deliverVia('metadata.rebind.invalid', ['169.254.169.254'], []);
    expect(attempts).toEqual([{ status_code: null, error: expect.stringMatching(/^refused/) }]);
    expect(received).toHaveLength(before);
  });
});
