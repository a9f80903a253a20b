import { randomUUID } from 'node:crypto';
import { createLogger } from '@kyc/logger';
import { Registry } from '@kyc/metrics';
import { withServiceDatabase } from '@kyc/testing';
import { createWebhookDataSource } from '../infrastructure/data-source';
import { DeliveryRepository } from '../infrastructure/delivery.repository';
import { EndpointRepository } from '../infrastructure/endpoint.repository';
import { WebhookDispatcher } from '../infrastructure/webhook-dispatcher';
import { WebhookMetrics } from '../infrastructure/webhook-metrics';
import { LocalReceiver } from './local-receiver';

/** The value of one sample line of the exposition text; undefined when the series is absent. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

/**
 * Delivery outcomes and the retry queue's depth on a real PostgreSQL with a real receiver: one
 * endpoint answers 204, the other resolves to the metadata address, which is refused without
 * connecting (a failed attempt).
 */
describe(WebhookMetrics.name, () => {
  const database = withServiceDatabase(createWebhookDataSource);
  const receiver = new LocalReceiver();
  const logger = createLogger('webhook-test', 'silent');
  const registry = new Registry();
  let port: number;

  beforeAll(async () => {
    port = await receiver.start();
  });
  afterAll(() => receiver.stop());

  const resolveHost = async (name: string) => (name === 'ok.hooks.invalid' ? ['127.0.0.1'] : ['169.254.169.254']);

  async function enqueueFor(host: string) {
    const projectId = randomUUID();
    await new EndpointRepository(database.dataSource).set(projectId, 'test', `http://${host}:${port}/hook`, () => 'whsec_test');
    await new DeliveryRepository(database.dataSource).enqueue(
      { id: randomUUID(), projectId, environment: 'test', sessionId: randomUUID(), type: 'verification.completed' },
      '{"event":"x"}',
    );
  }

  async function dispatchOnce(retryScheduleMs: number[], metrics: WebhookMetrics, expectedAttempts: number) {
    const dispatcher = new WebhookDispatcher(new DeliveryRepository(database.dataSource), logger, {
      retryScheduleMs,
      timeoutMs: 2_000,
      concurrency: 4,
      allowPrivateUrls: false,
      resolveHost,
      metrics,
    });
    await dispatcher.dispatchDue();
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const [{ count }] = await database.dataSource.query(`SELECT count(*)::int AS count FROM webhook.delivery_attempts`);
      if (count >= expectedAttempts) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  it('counts attempts by result and reports the waiting first attempts and retries from the database', async () => {
    const metrics = new WebhookMetrics(new DeliveryRepository(database.dataSource), logger, registry);
    await enqueueFor('ok.hooks.invalid');
    await enqueueFor('refused.hooks.invalid');
    let text = await registry.metrics();
    expect(sample(text, 'kyc_webhook_deliveries_waiting{queue="first_attempt"}')).toBe(2);
    expect(sample(text, 'kyc_webhook_deliveries_waiting{queue="retry"}')).toBe(0);

    await dispatchOnce([60_000], metrics, 2);
    text = await registry.metrics();
    expect(sample(text, 'kyc_webhook_delivery_attempts_total{result="delivered"}')).toBe(1);
    // The delivered one's latency from enqueueing, well under the test's 20 s.
    expect(sample(text, 'kyc_webhook_delivery_seconds_count')).toBe(1);
    expect(sample(text, 'kyc_webhook_delivery_seconds_bucket{le="30"}')).toBe(1);
    expect(sample(text, 'kyc_webhook_delivery_attempts_total{result="retry_scheduled"}')).toBe(1);
    expect(sample(text, 'kyc_webhook_deliveries_waiting{queue="first_attempt"}')).toBe(0);
    expect(sample(text, 'kyc_webhook_deliveries_waiting{queue="retry"}')).toBe(1);

    // No retries left in this schedule: the next refused delivery fails for good; the earlier one is not due yet.
    await enqueueFor('refused.hooks.invalid');
    await dispatchOnce([], metrics, 3);
    text = await registry.metrics();
    expect(sample(text, 'kyc_webhook_delivery_attempts_total{result="failed"}')).toBe(1);
    expect(sample(text, 'kyc_webhook_delivery_attempts_total{result="retry_scheduled"}')).toBe(1);
    expect(sample(text, 'kyc_webhook_deliveries_waiting{queue="first_attempt"}')).toBe(0);
    expect(sample(text, 'kyc_webhook_deliveries_waiting{queue="retry"}')).toBe(1);
    expect(receiver.received).toHaveLength(1);
  });
});
