import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { createLogger } from '@kyc/logger';
import { type DataSource, runMigrations } from '@kyc/persistence';
import { startTestDatabase, type TestDatabase } from '@kyc/testing';
import { DeadLetterStore } from '../dead-letters/dead-letter-store';
import type { EventBus, EventEnvelope, SubscriptionOptions } from '../event-bus';
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

const transports: [string, boolean][] = [
  ['postgres', true],
  ['kafka', Boolean(kafkaBrokers)],
];
const logger = createLogger('contract', 'silent');

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Short retries for the tests; production's are in retry-policy.ts. */
const FAST: SubscriptionOptions = { retry: { maxAttempts: 5, baseDelayMs: 20, maxDelayMs: 200 }, replayPollMs: 100 };

describe.each(transports)('event bus contract: %s', (transport, enabled) => {
  const maybe = enabled ? it : it.skip;
  let database: TestDatabase;
  let dataSource: DataSource;
  let bus: EventBus;
  const buses: EventBus[] = [];
  /** A bus of this transport; both write their dead letters through the event log's data source. */
  const newBus = (options: SubscriptionOptions = FAST): EventBus => {
    const created =
      transport === 'kafka'
        ? new KafkaEventBus(kafkaBrokers!.split(','), `contract-${randomUUID()}`, logger, dataSource, options)
        : new PostgresEventBus(dataSource, logger, 20, options);
    buses.push(created);
    return created;
  };
  /** Bytes that are not an event, put on the topic as a producer would. */
  const publishRaw = async (topic: string, bytes: Buffer) => {
    if (transport === 'postgres') {
      await dataSource.query(`INSERT INTO eventbus.events (topic, event_id, message) VALUES ($1, $2, $3)`, [topic, randomUUID(), bytes]);
      return;
    }
    const producer = new Kafka({ clientId: 'contract-raw', brokers: kafkaBrokers!.split(','), logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
    await producer.send({ topic, messages: [{ key: 's', value: bytes }] });
    await producer.disconnect();
  };
  const deadLetters = (
    group: string,
    topic: string,
  ): Promise<{ id: string; event_id: string | null; reason: string; attempts: number; message: Buffer; replayed_at: Date | null }[]> =>
    dataSource.query(
      `SELECT id, event_id, reason, attempts, message, replayed_at FROM eventbus.dead_letters WHERE consumer_group = $1 AND topic = $2 ORDER BY dead_lettered_at`,
      [group, topic],
    );

  beforeAll(async () => {
    if (!enabled) return;
    database = await startTestDatabase();
    dataSource = createEventLogDataSource(database.url);
    await runMigrations(dataSource);
    bus = newBus();
  }, 60_000);

  afterAll(async () => {
    for (const created of buses) await created.close();
    await dataSource?.destroy();
    await database?.stop();
  }, 60_000);

  const event = (sessionId: string, n: number): EventEnvelope => ({
    id: randomUUID(),
    type: 'verification.updated',
    occurredAt: new Date().toISOString(),
    projectId: randomUUID(),
    environment: 'test',
    sessionId,
    payload: { status: 'open', change: String(n), clientMetadataJson: '', testMode: true },
  });
  const publish = (topic: string, events: EventEnvelope[]) => dataSource.transaction((manager) => bus.publish(topic, events, manager));

  maybe(
    'delivers each event to every group, in order per session',
    async () => {
      const topic = `contract.${randomUUID()}`;
      const events = ['a', 'b', 'c'].flatMap((session) => Array.from({ length: 10 }, (_, n) => event(session, n)));
      await publish(topic, events);
      const seen = { g1: [] as EventEnvelope[], g2: [] as EventEnvelope[] };
      const subscriptions = [
        bus.subscribe('g1', topic, async (e) => void seen.g1.push(e)),
        bus.subscribe('g2', topic, async (e) => void seen.g2.push(e)),
      ];
      await until(() => seen.g1.length >= 30 && seen.g2.length >= 30);
      await Promise.all(subscriptions.map((s) => s.stop()));
      for (const received of [seen.g1, seen.g2]) {
        expect(new Set(received.map((e) => e.id)).size).toBe(30);
        for (const session of ['a', 'b', 'c']) {
          expect(received.filter((e) => e.sessionId === session).map((e) => nOf(e))).toEqual(Array.from({ length: 10 }, (_, n) => n));
        }
      }
    },
    60_000,
  );

  maybe(
    'delivers events published after the consumer subscribed to a topic that did not exist yet',
    async () => {
      const topic = `contract.${randomUUID()}`;
      const seen: string[] = [];
      const subscription = bus.subscribe('late', topic, async (e) => void seen.push(e.id));
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const events = [event('x', 0), event('x', 1)];
      await publish(topic, events);
      await until(() => seen.length >= 2, 20_000);
      await subscription.stop();
      expect(seen).toEqual(events.map((e) => e.id));
    },
    60_000,
  );

  maybe(
    'redelivers an event whose handler failed, and dead-letters one that keeps failing while later events flow',
    async () => {
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
      const letters = await deadLetters('g', topic);
      expect(letters.map((l) => [l.event_id, l.reason, l.attempts])).toEqual([[poison.id, 'handler_failed', 5]]);
    },
    90_000,
  );

  maybe(
    'waits longer before each retry (exponential backoff)',
    async () => {
      const topic = `contract.${randomUUID()}`;
      const [failing, after] = [event('b', 0), event('b', 1)];
      await publish(topic, [failing, after]);
      const attempts: number[] = [];
      let done = false;
      const subscription = newBus({ retry: { maxAttempts: 5, baseDelayMs: 200, maxDelayMs: 10_000, jitter: 0.2 } }).subscribe(
        'backoff',
        topic,
        async (e) => {
          if (e.id === after.id) {
            done = true;
            return;
          }
          attempts.push(Date.now());
          throw new Error('down');
        },
      );
      await until(() => done);
      await subscription.stop();
      const gaps = attempts.slice(1).map((at, i) => at - attempts[i]);
      // Nominal 200, 400, 800, 1600 ms ±20 % (plus the transport's own latency): loosely growing.
      expect(gaps).toHaveLength(4);
      gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(0.8 * 200 * 2 ** i - 10));
      expect(gaps[3]).toBeGreaterThan(gaps[0]);
      expect(gaps[3]).toBeGreaterThan(1_200);
    },
    60_000,
  );

  maybe(
    'stops promptly while an event waits out a long backoff',
    async () => {
      const topic = `contract.${randomUUID()}`;
      await publish(topic, [event('w', 0)]);
      let calls = 0;
      const subscription = newBus({ retry: { maxAttempts: 5, baseDelayMs: 30_000, maxDelayMs: 30_000 }, replayPollMs: 60_000 }).subscribe(
        'stopper',
        topic,
        async () => {
          calls += 1;
          throw new Error('down');
        },
      );
      await until(() => calls >= 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      await subscription.stop();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(calls).toBe(1);
    },
    60_000,
  );

  maybe(
    'dead-letters bytes that are not an event, with the bytes, and keeps consuming',
    async () => {
      const topic = `contract.${randomUUID()}`;
      const [before, after] = [event('s', 0), event('s', 1)];
      await publish(topic, [before]);
      const garbage = Buffer.from('not protobuf at all');
      await publishRaw(topic, garbage);
      await publish(topic, [after]);
      const seen: string[] = [];
      const subscription = bus.subscribe('poison', topic, async (e) => void seen.push(e.id));
      await until(() => seen.length >= 2);
      await until(async () => (await deadLetters('poison', topic)).length === 1, 10_000);
      await subscription.stop();
      expect(seen).toEqual([before.id, after.id]);
      const [letter] = await deadLetters('poison', topic);
      expect(letter).toMatchObject({ event_id: null, reason: 'undecodable', attempts: 1 });
      expect(Buffer.compare(letter.message, garbage)).toBe(0);
    },
    60_000,
  );

  maybe(
    'replays a dead letter on request: the handler runs again and replayed_at is set, or the new failure is recorded',
    async () => {
      const topic = `contract.${randomUUID()}`;
      const failing = event('r', 0);
      await publish(topic, [failing]);
      let healthy = false;
      let calls = 0;
      const handled: string[] = [];
      const subscription = bus.subscribe('replay', topic, async (e) => {
        calls += 1;
        if (!healthy) throw new Error(`down ${calls}`);
        handled.push(e.id);
      });
      await until(async () => (await deadLetters('replay', topic)).length === 1);
      const store = new DeadLetterStore(dataSource);
      const [letter] = await deadLetters('replay', topic);

      // Still failing: the failure is recorded and the request cleared.
      await store.requestReplay(letter.id);
      await until(async () => (await store.find(letter.id))?.replayRequestedAt === null, 10_000);
      expect(await store.find(letter.id)).toMatchObject({ attempts: 6, lastError: 'Error: down 6', replayedAt: null });

      healthy = true;
      await store.requestReplay(letter.id);
      await until(async () => (await store.find(letter.id))?.replayedAt != null, 10_000);
      await subscription.stop();
      expect(handled).toEqual([failing.id]);
    },
    60_000,
  );

  maybe(
    'carries every payload field through the protobuf envelope',
    async () => {
      const topic = `contract.${randomUUID()}`;
      const completed: EventEnvelope<'verification.completed'> = {
        id: randomUUID(),
        type: 'verification.completed',
        occurredAt: '2026-11-23T10:00:00.000Z',
        projectId: randomUUID(),
        environment: 'sandbox',
        sessionId: randomUUID(),
        payload: {
          status: 'completed',
          attemptId: randomUUID(),
          decision: 'approved',
          confidence: 0.93,
          documentType: 'passport',
          extractedData: {
            fullName: 'Anna Maria Example',
            firstName: 'Anna Maria',
            lastName: 'Example',
            dateOfBirth: '1990-01-02',
            nationality: 'DEU',
            sex: 'F',
          },
          duplicate: { suspected: true },
          clientMetadataJson: '{"userId":"u-1"}',
          testMode: false,
          poaPending: true,
          isReused: false,
          freeOfCharge: false,
        },
      };
      await publish(topic, [completed]);
      const seen: EventEnvelope[] = [];
      const subscription = bus.subscribe('fields', topic, async (e) => void seen.push(e));
      await until(() => seen.length >= 1);
      await subscription.stop();
      expect(seen).toEqual([completed]);
    },
    60_000,
  );
});
