import { randomUUID } from 'node:crypto';
import { createLogger } from '@kyc/logger';
import { type DataSource, runMigrations } from '@kyc/persistence';
import { startTestDatabase, type TestDatabase } from '@kyc/testing';
import type { EventEnvelope } from '../event-bus';
import { PostgresEventBus, appendToEventLog, createEventLogDataSource } from '../postgres/postgres-event-bus';

/** The sequence number the tests carry in verification.updated's `change`. */
const nOf = (e: EventEnvelope) => (e.type === 'verification.updated' ? Number(e.payload.change) : -1);

const event = (sessionId: string, n: number): EventEnvelope => ({
  id: randomUUID(), type: 'verification.updated', occurredAt: new Date().toISOString(), projectId: randomUUID(), environment: 'test', sessionId, payload: { status: 'open', change: String(n), clientMetadataJson: '', testMode: true },
});

describe('PostgresEventBus (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let bus: PostgresEventBus;
  const logger = createLogger('test', 'silent');

  beforeAll(async () => {
    database = await startTestDatabase();
    dataSource = createEventLogDataSource(database.url);
    await runMigrations(dataSource);
    bus = new PostgresEventBus(dataSource, logger, 20);
  }, 60_000);

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.stop();
  });

  const publish = (topic: string, events: EventEnvelope[]) => dataSource.transaction((manager) => appendToEventLog(manager, topic, events));

  it('delivers every event once per group, in order, and resumes from the committed offset', async () => {
    const topic = `t-${randomUUID()}`;
    const events = Array.from({ length: 250 }, (_, n) => event('s1', n));
    await publish(topic, events);
    const seen: number[] = [];
    while ((await bus.pollOnce('g1', topic, async (e) => void seen.push(nOf(e)))) > 0);
    expect(seen).toEqual(events.map((_, n) => n));

    await publish(topic, [event('s1', 250)]);
    const later: number[] = [];
    await bus.pollOnce('g1', topic, async (e) => void later.push(nOf(e)));
    expect(later).toEqual([250]);

    const otherGroup: number[] = [];
    while ((await bus.pollOnce('g2', topic, async (e) => void otherGroup.push(nOf(e)))) > 0);
    expect(otherGroup).toHaveLength(251);
  });

  it('does not advance past a failing event, and skips a poison event after repeated failures', async () => {
    const topic = `t-${randomUUID()}`;
    const [first, poison, last] = [event('s', 0), event('s', 1), event('s', 2)];
    await publish(topic, [first, poison, last]);
    const handled: number[] = [];
    const failures = new Map<string, number>();
    const handler = async (e: EventEnvelope) => {
      if (e.id === poison.id) throw new Error('boom');
      handled.push(nOf(e));
    };
    await bus.pollOnce('g', topic, handler, failures);
    expect(handled).toEqual([0]);
    for (let i = 0; i < 5; i++) await bus.pollOnce('g', topic, handler, failures);
    expect(handled).toEqual([0, 2]);
  });

  it('lets one consumer of a group work at a time', async () => {
    const topic = `t-${randomUUID()}`;
    await publish(topic, Array.from({ length: 20 }, (_, n) => event('s', n)));
    const seen: number[] = [];
    const slow = async (e: EventEnvelope) => {
      seen.push(nOf(e));
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    await Promise.all([bus.pollOnce('g', topic, slow), bus.pollOnce('g', topic, slow), bus.pollOnce('g', topic, slow)]);
    while ((await bus.pollOnce('g', topic, slow)) > 0);
    expect(seen).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  it('ignores a duplicate publication of the same event id', async () => {
    const topic = `t-${randomUUID()}`;
    const e = event('s', 0);
    await publish(topic, [e]);
    await publish(topic, [e]);
    const seen: string[] = [];
    await bus.pollOnce('g', topic, async (x) => void seen.push(x.id));
    expect(seen).toEqual([e.id]);
  });

  it('skips bytes that are not an event envelope without stopping the topic', async () => {
    const topic = `t-${randomUUID()}`;
    await publish(topic, [event('s', 0)]);
    await dataSource.query(`INSERT INTO eventbus.events (topic, event_id, message) VALUES ($1, $2, $3)`, [topic, randomUUID(), Buffer.from('not protobuf at all')]);
    await publish(topic, [event('s', 2)]);
    const seen: number[] = [];
    while ((await bus.pollOnce('g', topic, async (e) => void seen.push(nOf(e)))) > 0);
    expect(seen).toEqual([0, 2]);
  });
});
