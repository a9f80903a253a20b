import { randomUUID } from 'node:crypto';
import { type EventEnvelope, PostgresEventBus, TOPICS, appendToEventLog, createEventLogDataSource } from '@kyc/events';
import { createLogger } from '@kyc/logger';
import type { DataSource } from '@kyc/persistence';
import { withServiceDatabase } from '@kyc/testing';
import { createWebhookDataSource } from '../infrastructure/data-source';
import { DeliveryRepository } from '../infrastructure/delivery.repository';
import { EndpointRepository } from '../infrastructure/endpoint.repository';
import { consumeSessionEvents } from '../transport/session-events.consumer';

/** Completion webhooks held for proof-of-address processing, on a real PostgreSQL and event log. */
describe('held completion webhooks (poaRequiredForVerification)', () => {
  const database = withServiceDatabase(createEventLogDataSource, createWebhookDataSource);
  let eventLog: DataSource;
  let webhook: DataSource;
  const logger = createLogger('test', 'silent');

  beforeAll(() => {
    [eventLog, webhook] = database.dataSources;
  });

  const envelope = (projectId: string, sessionId: string) => ({
    id: randomUUID(),
    occurredAt: new Date().toISOString(),
    projectId,
    environment: 'test',
    sessionId,
  });
  const completed = (projectId: string, sessionId: string, poaPending: boolean): EventEnvelope => ({
    ...envelope(projectId, sessionId),
    type: 'verification.completed',
    payload: {
      status: 'completed',
      attemptId: randomUUID(),
      decision: 'approved',
      confidence: 0.9,
      documentType: '',
      extractedData: undefined,
      duplicate: { suspected: false },
      clientMetadataJson: '',
      testMode: true,
      poaPending,
      isReused: false,
      freeOfCharge: false,
    },
  });
  const poaCompleted = (projectId: string, sessionId: string): EventEnvelope => ({
    ...envelope(projectId, sessionId),
    type: 'verification.poa_completed',
    payload: { poaStatus: 'approved', testMode: true },
  });

  async function statuses(sessionId: string): Promise<string[]> {
    const rows: { status: string }[] = await webhook.query(
      `SELECT status FROM webhook.deliveries WHERE session_id = $1 ORDER BY created_at`,
      [sessionId],
    );
    return rows.map((r) => r.status);
  }

  async function consume(events: EventEnvelope[]): Promise<void> {
    const topic = TOPICS.session;
    await eventLog.transaction((manager) => appendToEventLog(manager, topic, events));
    const bus = new PostgresEventBus(webhook, logger, 20);
    const handled = new Set<string>();
    const subscription = consumeSessionEvents(
      {
        ...bus,
        publish: bus.publish.bind(bus),
        close: bus.close.bind(bus),
        subscribe: (group, t, handler) =>
          bus.subscribe(group, t, async (e) => {
            await handler(e);
            handled.add(e.id);
          }),
      },
      new DeliveryRepository(webhook),
    );
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !events.every((e) => handled.has(e.id))) await new Promise((resolve) => setTimeout(resolve, 50));
    await subscription.stop();
    expect(events.every((e) => handled.has(e.id))).toBe(true);
  }

  it('holds a completion while PoA is pending and releases it on verification.poa_completed, once', async () => {
    const projectId = randomUUID();
    await new EndpointRepository(webhook).set(projectId, 'test', 'http://127.0.0.1:9/hooks', () => 'whsec_test');
    const [held, plain] = [randomUUID(), randomUUID()];
    await consume([completed(projectId, held, true), completed(projectId, plain, false)]);
    expect(await statuses(held)).toEqual(['held']);
    expect(await statuses(plain)).toEqual(['pending']);
    // A held delivery is never claimed by the dispatcher.
    const claimed = await new DeliveryRepository(webhook).claimDue(100, 1_000);
    expect(claimed.map((d) => d.body).some((body) => body.includes(held))).toBe(false);

    const release = poaCompleted(projectId, held);
    await consume([release, release]);
    expect(await statuses(held)).toEqual(['pending']);
    const delivery: { body: string }[] = await webhook.query(`SELECT body FROM webhook.deliveries WHERE session_id = $1`, [held]);
    expect(JSON.parse(delivery[0].body).data.object).toMatchObject({ id: held, status: 'completed' });
    expect(JSON.stringify(delivery[0].body)).not.toContain('poaPending');
  });

  it('makes no webhook of verification.closed (billing-only: a session ended unbilled)', async () => {
    const projectId = randomUUID();
    await new EndpointRepository(webhook).set(projectId, 'test', 'http://127.0.0.1:9/hooks', () => 'whsec_test');
    const sessionId = randomUUID();
    await consume([{ ...envelope(projectId, sessionId), type: 'verification.closed', payload: { status: 'expired', testMode: false } }]);
    expect(await statuses(sessionId)).toEqual([]);
  });
});
