import { randomUUID } from 'node:crypto';
import { createLogger } from '@kyc/logger';
import { type DataSource, runMigrations } from '@kyc/persistence';
import { startTestDatabase, type TestDatabase } from '@kyc/testing';
import type { EventBus, EventEnvelope } from '../event-bus';
import { KafkaEventBus } from '../kafka/kafka-event-bus';
import { PostgresEventBus, createEventLogDataSource } from '../postgres/postgres-event-bus';

/** The sequence number the tests carry in verification.updated's `change`. */
const nOf = (e: EventEnvelope) => (e.type === 'verification.updated' ? Number(e.payload.change) : -1);

/**
 * One contract, two transports. The Kafka run needs a broker (`npm run kafka:local`, then
 * KAFKA_BROKERS=127.0.0.1:9092); CI always provides one and must never skip it.
 */
const kafkaBrokers = process.env.KAFKA_BROKERS;
if (!kafkaBrokers && process.env.CI) throw new Error('CI must run the Kafka contract: start `npm run kafka:local` and set KAFKA_BROKERS');
if (!kafkaBrokers) console.warn('Kafka contract skipped: run `npm run kafka:local` and set KAFKA_BROKERS=127.0.0.1:9092');

const transports: [string, boolean][] = [['postgres', true], ['kafka', Boolean(kafkaBrokers)]];
const logger = createLogger('contract', 'silent');

async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe.each(transports)('event bus contract: %s', (transport, enabled) => {
  const maybe = enabled ? it : it.skip;
  let database: TestDatabase;
  let dataSource: DataSource;
  let bus: EventBus;

  beforeAll(async () => {
    if (!enabled) return;
    database = await startTestDatabase();
    dataSource = createEventLogDataSource(database.url);
    await runMigrations(dataSource);
    bus = transport === 'kafka' ? new KafkaEventBus(kafkaBrokers!.split(','), `contract-${randomUUID()}`, logger) : new PostgresEventBus(dataSource, logger, 20);
  }, 60_000);

  afterAll(async () => {
    await bus?.close();
    await dataSource?.destroy();
    await database?.stop();
  });

  const event = (sessionId: string, n: number): EventEnvelope => ({
    id: randomUUID(), type: 'verification.updated', occurredAt: new Date().toISOString(), projectId: randomUUID(), environment: 'test', sessionId, payload: { status: 'open', change: String(n), clientMetadataJson: '', testMode: true },
  });
  const publish = (topic: string, events: EventEnvelope[]) => dataSource.transaction((manager) => bus.publish(topic, events, manager));

  maybe('delivers each event to every group, in order per session', async () => {
    const topic = `contract.${randomUUID()}`;
    const events = ['a', 'b', 'c'].flatMap((session) => Array.from({ length: 10 }, (_, n) => event(session, n)));
    await publish(topic, events);
    const seen = { g1: [] as EventEnvelope[], g2: [] as EventEnvelope[] };
    const subscriptions = [bus.subscribe('g1', topic, async (e) => void seen.g1.push(e)), bus.subscribe('g2', topic, async (e) => void seen.g2.push(e))];
    await until(() => seen.g1.length >= 30 && seen.g2.length >= 30);
    await Promise.all(subscriptions.map((s) => s.stop()));
    for (const received of [seen.g1, seen.g2]) {
      expect(new Set(received.map((e) => e.id)).size).toBe(30);
      for (const session of ['a', 'b', 'c']) {
        expect(received.filter((e) => e.sessionId === session).map((e) => nOf(e))).toEqual(Array.from({ length: 10 }, (_, n) => n));
      }
    }
  }, 60_000);

  maybe('delivers events published after the consumer subscribed to a topic that did not exist yet', async () => {
    const topic = `contract.${randomUUID()}`;
    const seen: string[] = [];
    const subscription = bus.subscribe('late', topic, async (e) => void seen.push(e.id));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const events = [event('x', 0), event('x', 1)];
    await publish(topic, events);
    await until(() => seen.length >= 2, 20_000);
    await subscription.stop();
    expect(seen).toEqual(events.map((e) => e.id));
  }, 60_000);

  maybe('redelivers an event whose handler failed, and skips one that keeps failing', async () => {
    const topic = `contract.${randomUUID()}`;
    const [flaky, poison, after] = [event('s', 0), event('s', 1), event('s', 2)];
    await publish(topic, [flaky, poison, after]);
    let flakyCalls = 0;
    let poisonCalls = 0;
    const handled: string[] = [];
    const subscription = bus.subscribe('g', topic, async (e) => {
      if (e.id === flaky.id && ++flakyCalls === 1) throw new Error('transient');
      if (e.id === poison.id) {
        poisonCalls++;
        throw new Error('poison');
      }
      handled.push(e.id);
    });
    await until(() => handled.includes(after.id));
    await subscription.stop();
    expect(handled).toEqual([flaky.id, after.id]);
    expect(flakyCalls).toBe(2);
    expect(poisonCalls).toBe(5);
  }, 90_000);

  maybe('carries every payload field through the protobuf envelope', async () => {
    const topic = `contract.${randomUUID()}`;
    const completed: EventEnvelope<'verification.completed'> = {
      id: randomUUID(), type: 'verification.completed', occurredAt: '2026-11-23T10:00:00.000Z', projectId: randomUUID(), environment: 'sandbox', sessionId: randomUUID(),
      payload: {
        status: 'completed', attemptId: randomUUID(), decision: 'approved', confidence: 0.93, documentType: 'passport',
        extractedData: { fullName: 'Anna Maria Example', firstName: 'Anna Maria', lastName: 'Example', dateOfBirth: '1990-01-02', nationality: 'DEU', sex: 'F' },
        duplicate: { suspected: true }, clientMetadataJson: '{"userId":"u-1"}', testMode: false, poaPending: true,
      },
    };
    await publish(topic, [completed]);
    const seen: EventEnvelope[] = [];
    const subscription = bus.subscribe('fields', topic, async (e) => void seen.push(e));
    await until(() => seen.length >= 1);
    await subscription.stop();
    expect(seen).toEqual([completed]);
  }, 60_000);
});
