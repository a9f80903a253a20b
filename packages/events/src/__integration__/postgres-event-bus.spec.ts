import { randomUUID } from 'node:crypto';
import { createLogger } from '@kyc/logger';
import { withServiceDatabase } from '@kyc/testing';
import { DeadLetterStore } from '../dead-letters/dead-letter-store';
import type { EventEnvelope, SubscriptionOptions } from '../event-bus';
import { encodeEvent } from '../event-codec';
import { PostgresEventBus, appendToEventLog, createEventLogDataSource } from '../postgres/postgres-event-bus';

/** The sequence number the tests carry in verification.updated's `change`. */
const nOf = (e: EventEnvelope) => (e.type === 'verification.updated' ? Number(e.payload.change) : -1);

const event = (sessionId: string, n: number): EventEnvelope => ({
  id: randomUUID(),
  type: 'verification.updated',
  occurredAt: new Date().toISOString(),
  projectId: randomUUID(),
  environment: 'test',
  sessionId,
  payload: { status: 'open', change: String(n), clientMetadataJson: '', testMode: true },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

interface DeadLetterRow {
  id: string;
  consumer_group: string;
  topic: string;
  event_id: string | null;
  event_type: string | null;
  reason: string;
  origin: string;
  message: Buffer;
  last_error: string;
  attempts: number;
  first_failed_at: Date;
  last_failed_at: Date;
  replay_requested_at: Date | null;
  replayed_at: Date | null;
}

describe(`${PostgresEventBus.name} (real PostgreSQL)`, () => {
  const database = withServiceDatabase(createEventLogDataSource);
  const logger = createLogger('test', 'silent');
  /** Short waits for tests; the defaults are production's (retry-policy.ts). */
  const fast: SubscriptionOptions = { retry: { maxAttempts: 3, baseDelayMs: 40, maxDelayMs: 1_000, jitter: 0 }, replayPollMs: 50 };
  const newBus = (options: SubscriptionOptions = fast) => new PostgresEventBus(database.dataSource, logger, 20, options);

  const publish = (topic: string, events: EventEnvelope[]) =>
    database.dataSource.transaction((manager) => appendToEventLog(manager, topic, events));
  const deadLetters = (group: string, topic: string): Promise<DeadLetterRow[]> =>
    database.dataSource.query(`SELECT * FROM eventbus.dead_letters WHERE consumer_group = $1 AND topic = $2 ORDER BY dead_lettered_at`, [
      group,
      topic,
    ]);

  it('delivers every event once per group, in order, and resumes from the committed offset', async () => {
    const sut = newBus();
    const topic = `t-${randomUUID()}`;
    const events = Array.from({ length: 250 }, (_, n) => event('s1', n));
    await publish(topic, events);
    const seen: number[] = [];
    while ((await sut.pollOnce('g1', topic, async (e) => void seen.push(nOf(e)))).consumed > 0);
    expect(seen).toEqual(events.map((_, n) => n));

    await publish(topic, [event('s1', 250)]);
    const later: number[] = [];
    await sut.pollOnce('g1', topic, async (e) => void later.push(nOf(e)));
    expect(later).toEqual([250]);

    const otherGroup: number[] = [];
    while ((await sut.pollOnce('g2', topic, async (e) => void otherGroup.push(nOf(e)))).consumed > 0);
    expect(otherGroup).toHaveLength(251);
  });

  it('does not advance past a failing event, waits out its backoff, then dead-letters it and moves on', async () => {
    const sut = newBus();
    const topic = `t-${randomUUID()}`;
    const [first, poison, last] = [event('s', 0), event('s', 1), event('s', 2)];
    await publish(topic, [first, poison, last]);
    const handled: number[] = [];
    let poisonCalls = 0;
    const handler = async (e: EventEnvelope) => {
      if (e.id === poison.id) throw new Error(`boom ${++poisonCalls}`);
      handled.push(nOf(e));
    };

    expect(await sut.pollOnce('g', topic, handler)).toEqual({ consumed: 1, retryInMs: 40 });
    expect(handled).toEqual([0]);
    // Within the backoff the event is not attempted again.
    const waiting = await sut.pollOnce('g', topic, handler);
    expect(waiting.consumed).toBe(0);
    expect(waiting.retryInMs).toBeGreaterThan(0);
    expect(poisonCalls).toBe(1);

    await sleep(waiting.retryInMs!);
    expect(await sut.pollOnce('g', topic, handler)).toEqual({ consumed: 0, retryInMs: 80 });
    expect(poisonCalls).toBe(2);
    await sleep(80);
    // The third and last attempt fails: dead-lettered, and the next event is handled in the same poll.
    expect(await sut.pollOnce('g', topic, handler)).toEqual({ consumed: 2 });
    expect(poisonCalls).toBe(3);
    expect(handled).toEqual([0, 2]);

    const [letter] = await deadLetters('g', topic);
    expect(letter).toMatchObject({
      event_id: poison.id,
      event_type: 'verification.updated',
      reason: 'handler_failed',
      attempts: 3,
      last_error: 'Error: boom 3',
      replay_requested_at: null,
      replayed_at: null,
    });
    expect(letter.origin).toMatch(/^eventbus\.events#\d+$/);
    expect(Buffer.compare(letter.message, Buffer.from(encodeEvent(poison)))).toBe(0);
    expect(letter.first_failed_at.getTime()).toBeLessThan(letter.last_failed_at.getTime());
    const [offset] = await database.dataSource.query(
      `SELECT retry_event_id, retry_attempts, retry_not_before FROM eventbus.consumer_offsets WHERE consumer_group = 'g' AND topic = $1`,
      [topic],
    );
    expect(offset).toEqual({ retry_event_id: null, retry_attempts: 0, retry_not_before: null });
  });

  it('keeps the attempt count and backoff on the offset row, for every consumer of the group', async () => {
    const topic = `t-${randomUUID()}`;
    const failing = event('s', 0);
    await publish(topic, [failing]);
    let calls = 0;
    const handler = async () => {
      calls += 1;
      throw new Error('down');
    };
    const slow: SubscriptionOptions = { retry: { maxAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000, jitter: 0 } };
    await newBus(slow).pollOnce('g', topic, handler);
    // Another replica (another bus instance) honours the first one's backoff instead of retrying at once.
    const other = await newBus(slow).pollOnce('g', topic, handler);
    expect(calls).toBe(1);
    expect(other.retryInMs).toBeGreaterThan(50_000);
    // Once the backoff is over, it continues the count: its failure is the second attempt.
    await database.dataSource.query(
      `UPDATE eventbus.consumer_offsets SET retry_not_before = now() WHERE consumer_group = 'g' AND topic = $1`,
      [topic],
    );
    await newBus(slow).pollOnce('g', topic, handler);
    const [offset] = await database.dataSource.query(
      `SELECT retry_event_id, retry_attempts FROM eventbus.consumer_offsets WHERE consumer_group = 'g' AND topic = $1`,
      [topic],
    );
    expect(offset).toEqual({ retry_event_id: failing.id, retry_attempts: 2 });
  });

  it('lets one consumer of a group work at a time', async () => {
    const sut = newBus();
    const topic = `t-${randomUUID()}`;
    await publish(
      topic,
      Array.from({ length: 20 }, (_, n) => event('s', n)),
    );
    const seen: number[] = [];
    const slow = async (e: EventEnvelope) => {
      seen.push(nOf(e));
      await sleep(2);
    };
    await Promise.all([sut.pollOnce('g', topic, slow), sut.pollOnce('g', topic, slow), sut.pollOnce('g', topic, slow)]);
    while ((await sut.pollOnce('g', topic, slow)).consumed > 0);
    expect(seen).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  it('ignores a duplicate publication of the same event id', async () => {
    const sut = newBus();
    const topic = `t-${randomUUID()}`;
    const e = event('s', 0);
    await publish(topic, [e]);
    await publish(topic, [e]);
    const seen: string[] = [];
    await sut.pollOnce('g', topic, async (x) => void seen.push(x.id));
    expect(seen).toEqual([e.id]);
  });

  it('dead-letters bytes that are not an event envelope at once, with the bytes, without stopping the topic', async () => {
    const sut = newBus();
    const topic = `t-${randomUUID()}`;
    await publish(topic, [event('s', 0)]);
    const garbage = Buffer.from('not protobuf at all');
    await database.dataSource.query(`INSERT INTO eventbus.events (topic, event_id, message) VALUES ($1, $2, $3)`, [
      topic,
      randomUUID(),
      garbage,
    ]);
    await publish(topic, [event('s', 2)]);
    const seen: number[] = [];
    while ((await sut.pollOnce('g', topic, async (e) => void seen.push(nOf(e)))).consumed > 0);
    expect(seen).toEqual([0, 2]);
    const [letter] = await deadLetters('g', topic);
    expect(letter).toMatchObject({ event_id: null, event_type: null, reason: 'undecodable', attempts: 1 });
    expect(letter.last_error).toMatch(/not an event envelope/);
    expect(Buffer.compare(letter.message, garbage)).toBe(0);
  });

  describe('subscriptions', () => {
    it('wait longer between each retry (exponential backoff), then dead-letter the event and keep consuming', async () => {
      const topic = `t-${randomUUID()}`;
      const [failing, after] = [event('s', 0), event('s', 1)];
      await publish(topic, [failing, after]);
      const attempts: number[] = [];
      const handled: string[] = [];
      const sut = newBus({ retry: { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 10_000, jitter: 0.2 } });
      const subscription = sut.subscribe('g', topic, async (e) => {
        if (e.id === failing.id) {
          attempts.push(Date.now());
          throw new Error('still down');
        }
        handled.push(e.id);
      });
      await until(() => handled.includes(after.id));
      await subscription.stop();
      expect(attempts).toHaveLength(5);
      const gaps = attempts.slice(1).map((at, i) => at - attempts[i]);
      // Nominal waits 100, 200, 400, 800 ms, ±20 %: each gap at least its lower bound, and the waits grow.
      gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(0.8 * 100 * 2 ** i - 5));
      expect(gaps[3]).toBeGreaterThan(2 * gaps[0]);
      expect(gaps[2]).toBeGreaterThan(gaps[0]);
      expect((await deadLetters('g', topic)).map((l) => [l.event_id, l.attempts])).toEqual([[failing.id, 5]]);
    });

    it('stop() returns at once during a backoff, and no lock is held while waiting', async () => {
      const topic = `t-${randomUUID()}`;
      await publish(topic, [event('s', 0)]);
      let calls = 0;
      const sut = newBus({ retry: { maxAttempts: 5, baseDelayMs: 30_000, jitter: 0 }, replayPollMs: 60_000 });
      const subscription = sut.subscribe('g', topic, async () => {
        calls += 1;
        throw new Error('down');
      });
      await until(() => calls === 1);
      await sleep(50);
      // The offset row is free: the poll's transaction ended before the wait.
      await database.dataSource.transaction(async (manager) => {
        const locked = await manager.query(
          `SELECT 1 FROM eventbus.consumer_offsets WHERE consumer_group = 'g' AND topic = $1 FOR UPDATE NOWAIT`,
          [topic],
        );
        expect(locked).toHaveLength(1);
      });
      const started = Date.now();
      await subscription.stop();
      expect(Date.now() - started).toBeLessThan(500);
      expect(calls).toBe(1);
    });

    it('replay a dead letter an operator asked for: the handler runs again and replayed_at is set', async () => {
      const topic = `t-${randomUUID()}`;
      const failing = event('s', 0);
      await publish(topic, [failing]);
      let healthy = false;
      const handled: string[] = [];
      const subscription = newBus().subscribe('g', topic, async (e) => {
        if (!healthy) throw new Error('dependency down');
        handled.push(e.id);
      });
      await until(async () => (await deadLetters('g', topic)).length === 1);
      healthy = true;
      const store = new DeadLetterStore(database.dataSource);
      const [letter] = await store.list({ group: 'g', topic, limit: 10, offset: 0 });
      const requested = await store.requestReplay(letter.id);
      expect(requested?.replayRequestedAt).toBeInstanceOf(Date);
      await until(async () => (await store.find(letter.id))?.replayedAt != null);
      await subscription.stop();
      expect(handled).toEqual([failing.id]);
      expect(await store.count({ group: 'g', topic, pending: true })).toBe(0);
    });

    it('record a replay that fails again: new error, one more attempt, request cleared', async () => {
      const topic = `t-${randomUUID()}`;
      await publish(topic, [event('s', 0)]);
      let calls = 0;
      const subscription = newBus().subscribe('g', topic, async () => {
        throw new Error(`failure ${++calls}`);
      });
      await until(async () => (await deadLetters('g', topic)).length === 1);
      const store = new DeadLetterStore(database.dataSource);
      const [letter] = await store.list({ group: 'g', topic, limit: 10, offset: 0 });
      expect(letter).toMatchObject({ attempts: 3, lastError: 'Error: failure 3' });
      await store.requestReplay(letter.id);
      await until(async () => (await store.find(letter.id))?.replayRequestedAt === null);
      await subscription.stop();
      const after = await store.find(letter.id);
      expect(after).toMatchObject({ attempts: 4, lastError: 'Error: failure 4', replayRequestedAt: null, replayedAt: null });
      expect(after!.lastFailedAt.getTime()).toBeGreaterThan(letter.lastFailedAt.getTime());
    });

    it('replay only their own group and topic', async () => {
      const topic = `t-${randomUUID()}`;
      await publish(topic, [event('s', 0)]);
      const failing = newBus().subscribe('mine', topic, async () => {
        throw new Error('down');
      });
      await until(async () => (await deadLetters('mine', topic)).length === 1);
      await failing.stop();
      const store = new DeadLetterStore(database.dataSource);
      expect(await store.requestReplayAll({ group: 'mine', topic })).toBe(1);
      // Another group on the same topic consumes the event itself but never replays this group's dead letter.
      const other = newBus().subscribe('other', topic, async () => undefined);
      await sleep(300);
      await other.stop();
      const [letter] = await store.list({ group: 'mine', topic, limit: 1, offset: 0 });
      expect(letter.replayRequestedAt).toBeInstanceOf(Date);
      expect(letter.replayedAt).toBeNull();
    });
  });
});
