import { randomUUID } from 'node:crypto';
import { createLogger } from '@kyc/logger';
import { withServiceDatabase } from '@kyc/testing';
import { Client } from 'pg';
import { DeadLetterReplayer, REPLAY_CHECK_SQL } from '../dead-letters/dead-letter-replayer';
import { DeadLetterStore } from '../dead-letters/dead-letter-store';
import type { EventEnvelope, SubscriptionOptions } from '../event-bus';
import { POLL_CHECK_SQL, PostgresEventBus, appendToEventLog, createEventLogDataSource } from '../postgres/postgres-event-bus';

/**
 * A poll with nothing to do costs one statement (no transaction, no lock); work still runs the
 * locking transaction with the same guarantees. Statements are counted at the driver: every
 * round trip a pg client makes goes through Client.prototype.query.
 */

const event = (n: number): EventEnvelope => ({
  id: randomUUID(),
  type: 'verification.updated',
  occurredAt: new Date().toISOString(),
  projectId: randomUUID(),
  environment: 'test',
  sessionId: 's',
  payload: { status: 'open', change: String(n), clientMetadataJson: '', testMode: true },
});
const nOf = (e: EventEnvelope) => (e.type === 'verification.updated' ? Number(e.payload.change) : -1);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

const originalQuery = Client.prototype.query;

/** Runs `work` and returns its result with the SQL of every statement sent to PostgreSQL meanwhile. */
async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const original = originalQuery;
  const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
    const [config] = args;
    statements.push(typeof config === 'string' ? config : String((config as { text?: string }).text));
    return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
  });
  try {
    return { result: await work(), statements };
  } finally {
    spy.mockRestore();
  }
}

describe(`${PostgresEventBus.name} idle polls (real PostgreSQL)`, () => {
  const database = withServiceDatabase(createEventLogDataSource);
  const logger = createLogger('test', 'silent');
  const fast: SubscriptionOptions = { retry: { maxAttempts: 3, baseDelayMs: 150, maxDelayMs: 1_000, jitter: 0 }, replayPollMs: 50 };
  const newBus = (options: SubscriptionOptions = fast) => new PostgresEventBus(database.dataSource, logger, 20, options);
  const publish = (topic: string, events: EventEnvelope[]) =>
    database.dataSource.transaction((manager) => appendToEventLog(manager, topic, events));
  const offsetRow = async (group: string, topic: string) =>
    (
      (await database.dataSource.query(`SELECT position FROM eventbus.consumer_offsets WHERE consumer_group = $1 AND topic = $2`, [
        group,
        topic,
      ])) as { position: string }[]
    )[0];

  it('runs exactly one statement, outside any transaction, when the group has nothing to do', async () => {
    const sut = newBus();
    const topic = `t-${randomUUID()}`;
    const handler = jest.fn(async () => undefined);
    // The first poll of a new group registers its offset row (an empty topic included), so that
    // retention keeps the topic's events for it.
    expect(await sut.pollOnce('g', topic, handler)).toEqual({ consumed: 0 });
    expect(await offsetRow('g', topic)).toEqual({ position: '0' });

    const idle = await statementsOf(() => sut.pollOnce('g', topic, handler));
    expect(idle.result).toEqual({ consumed: 0 });
    expect(idle.statements).toHaveLength(1);
    expect(idle.statements[0].trim()).toMatch(/^SELECT/);

    await publish(topic, [event(0), event(1)]);
    const busy = await statementsOf(() => sut.pollOnce('g', topic, handler));
    expect(busy.result).toEqual({ consumed: 2 });
    expect(busy.statements[1]).toBe('START TRANSACTION');
    // Registered already: the transaction no longer inserts the offset row.
    expect(busy.statements.some((sql) => /INSERT INTO eventbus\.consumer_offsets/.test(sql))).toBe(false);

    // Idle again once everything is consumed; ten polls, ten statements.
    const again = await statementsOf(async () => {
      for (let i = 0; i < 10; i += 1) expect(await sut.pollOnce('g', topic, handler)).toEqual({ consumed: 0 });
    });
    expect(again.statements).toHaveLength(10);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('consumes an event published after an idle poll, including one whose publisher held the topic lock during the check', async () => {
    const sut = newBus();
    const topic = `t-${randomUUID()}`;
    const seen: number[] = [];
    const handler = async (e: EventEnvelope) => void seen.push(nOf(e));
    await sut.pollOnce('g', topic, handler);
    await publish(topic, [event(0)]);
    expect(await sut.pollOnce('g', topic, handler)).toEqual({ consumed: 1 });

    // Publisher A appends (holding the topic's advisory lock) but has not committed; B queues behind the lock.
    let commitA!: () => void;
    const aMayCommit = new Promise<void>((resolve) => (commitA = resolve));
    let aAppended!: () => void;
    const aHasAppended = new Promise<void>((resolve) => (aAppended = resolve));
    const a = database.dataSource.transaction(async (manager) => {
      await appendToEventLog(manager, topic, [event(1)]);
      aAppended();
      await aMayCommit;
    });
    await aHasAppended;
    const b = publish(topic, [event(2)]);
    await sleep(50);
    const during = await statementsOf(() => sut.pollOnce('g', topic, handler));
    expect(during.result).toEqual({ consumed: 0 });
    expect(during.statements).toHaveLength(1);
    commitA();
    await Promise.all([a, b]);
    while ((await sut.pollOnce('g', topic, handler)).consumed > 0);
    expect(seen).toEqual([0, 1, 2]);
  });

  it('waits out a backoff with one statement per poll, then retries the event when it is due', async () => {
    const sut = newBus();
    const topic = `t-${randomUUID()}`;
    const failing = event(0);
    await publish(topic, [failing]);
    let calls = 0;
    const handler = async () => {
      calls += 1;
      if (calls === 1) throw new Error('down once');
    };
    expect(await sut.pollOnce('g', topic, handler)).toEqual({ consumed: 0, retryInMs: 150 });

    const waiting = await statementsOf(() => sut.pollOnce('g', topic, handler));
    expect(waiting.statements).toHaveLength(1);
    expect(waiting.result.consumed).toBe(0);
    expect(waiting.result.retryInMs).toBeGreaterThan(0);
    expect(waiting.result.retryInMs).toBeLessThanOrEqual(150);
    expect(calls).toBe(1);

    await sleep(waiting.result.retryInMs! + 10);
    expect(await sut.pollOnce('g', topic, handler)).toEqual({ consumed: 1 });
    expect(calls).toBe(2);
    const [offset] = await database.dataSource.query(
      `SELECT retry_event_id, retry_attempts, retry_not_before FROM eventbus.consumer_offsets WHERE consumer_group = 'g' AND topic = $1`,
      [topic],
    );
    expect(offset).toEqual({ retry_event_id: null, retry_attempts: 0, retry_not_before: null });
    expect((await statementsOf(() => sut.pollOnce('g', topic, handler))).statements).toHaveLength(1);
  });

  it('retries a due retry even when no event lies after the offset (stale retry state is cleared, then idle)', async () => {
    const sut = newBus();
    const topic = `t-${randomUUID()}`;
    await sut.pollOnce('g', topic, async () => undefined);
    // A retry recorded for an event that is gone: the check must not answer "nothing to do" for ever with the state set.
    await database.dataSource.query(
      `UPDATE eventbus.consumer_offsets SET retry_event_id = $2, retry_attempts = 1, retry_first_failed_at = now(), retry_not_before = now()
       WHERE consumer_group = 'g' AND topic = $1`,
      [topic, randomUUID()],
    );
    const due = await statementsOf(() => sut.pollOnce('g', topic, async () => undefined));
    expect(due.statements).toContain('START TRANSACTION');
    const [offset] = await database.dataSource.query(
      `SELECT retry_event_id, retry_not_before FROM eventbus.consumer_offsets WHERE consumer_group = 'g' AND topic = $1`,
      [topic],
    );
    expect(offset).toEqual({ retry_event_id: null, retry_not_before: null });
    expect((await statementsOf(() => sut.pollOnce('g', topic, async () => undefined))).statements).toHaveLength(1);
  });

  it('re-registers a group whose offset row was deleted; the group starts again from the oldest retained event', async () => {
    const sut = newBus();
    const topic = `t-${randomUUID()}`;
    const seen: number[] = [];
    const handler = async (e: EventEnvelope) => void seen.push(nOf(e));
    await publish(topic, [event(0), event(1)]);
    expect(await sut.pollOnce('g', topic, handler)).toEqual({ consumed: 2 });

    await database.dataSource.query(`DELETE FROM eventbus.consumer_offsets WHERE consumer_group = 'g' AND topic = $1`, [topic]);
    expect(await sut.pollOnce('g', topic, handler)).toEqual({ consumed: 2 });
    expect(seen).toEqual([0, 1, 0, 1]);
    expect(await offsetRow('g', topic)).toBeDefined();

    // An empty topic too: the row is back after one poll, and the poll after is one statement.
    const empty = `t-${randomUUID()}`;
    await sut.pollOnce('g', empty, handler);
    await database.dataSource.query(`DELETE FROM eventbus.consumer_offsets WHERE consumer_group = 'g' AND topic = $1`, [empty]);
    expect(await sut.pollOnce('g', empty, handler)).toEqual({ consumed: 0 });
    expect(await offsetRow('g', empty)).toEqual({ position: '0' });
    expect((await statementsOf(() => sut.pollOnce('g', empty, handler))).statements).toHaveLength(1);
  });

  it('copes with the offset row deleted between the check and the transaction: nothing that poll, the next one re-registers', async () => {
    const sut = newBus();
    const topic = `t-${randomUUID()}`;
    const seen: number[] = [];
    const handler = async (e: EventEnvelope) => void seen.push(nOf(e));
    await sut.pollOnce('g', topic, handler);
    await publish(topic, [event(0)]);
    const dataSource = database.dataSource;
    const query = dataSource.query.bind(dataSource);
    const spy = jest.spyOn(dataSource, 'query').mockImplementationOnce(async (sql: string, parameters?: unknown[]) => {
      const answer = await query(sql, parameters);
      await query(`DELETE FROM eventbus.consumer_offsets WHERE consumer_group = 'g' AND topic = $1`, [topic]);
      return answer;
    });
    try {
      expect(await sut.pollOnce('g', topic, handler)).toEqual({ consumed: 0 });
    } finally {
      spy.mockRestore();
    }
    expect(await sut.pollOnce('g', topic, handler)).toEqual({ consumed: 1 });
    expect(seen).toEqual([0]);
  });

  it('lets two replicas of a group start together and never both handle one event', async () => {
    const topic = `t-${randomUUID()}`;
    const handledBy: { n: number; replica: string }[] = [];
    const replica = (name: string) => async (e: EventEnvelope) => {
      handledBy.push({ n: nOf(e), replica: name });
      await sleep(1);
    };
    const [one, two] = [newBus(), newBus()];
    // Both register the (missing) row at the same moment.
    const started = await Promise.all([one.pollOnce('g', topic, replica('one')), two.pollOnce('g', topic, replica('two'))]);
    expect(started).toEqual([{ consumed: 0 }, { consumed: 0 }]);
    const subscriptions = [one.subscribe('g', topic, replica('one')), two.subscribe('g', topic, replica('two'))];
    const total = 120;
    for (let batch = 0; batch < total / 10; batch += 1) {
      await publish(
        topic,
        Array.from({ length: 10 }, (_, i) => event(batch * 10 + i)),
      );
      await sleep(15);
    }
    await until(() => handledBy.length >= total);
    await sleep(100);
    await Promise.all(subscriptions.map((s) => s.stop()));
    expect(handledBy.map((h) => h.n)).toEqual(Array.from({ length: total }, (_, n) => n));
  });

  it('keeps a replica that checked "yes" out while another holds the offset', async () => {
    const topic = `t-${randomUUID()}`;
    const [one, two] = [newBus(), newBus()];
    // Registered beforehand: a registration that has not committed makes the other replica's INSERT wait for it.
    await one.pollOnce('g', topic, async () => undefined);
    await publish(topic, [event(0)]);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const twoSaw: number[] = [];
    const first = one.pollOnce('g', topic, async () => {
      entered();
      await released;
    });
    await inHandler;
    // Two's check sees an event after the committed offset, its transaction skips the locked row.
    const second = await statementsOf(() => two.pollOnce('g', topic, async (e) => void twoSaw.push(nOf(e))));
    expect(second.result).toEqual({ consumed: 0 });
    expect(second.statements).toContain('START TRANSACTION');
    release();
    expect(await first).toEqual({ consumed: 1 });
    expect(await two.pollOnce('g', topic, async (e) => void twoSaw.push(nOf(e)))).toEqual({ consumed: 0 });
    expect(twoSaw).toEqual([]);
  });

  describe('dead-letter replays', () => {
    it('cost one statement per poll when nothing is requested, and still replay what is', async () => {
      const topic = `t-${randomUUID()}`;
      const failing = event(0);
      await publish(topic, [failing]);
      const sut = newBus({ retry: { maxAttempts: 1 } });
      await sut.pollOnce('g', topic, async () => {
        throw new Error('down');
      });
      const replayer = new DeadLetterReplayer(database.dataSource, logger);
      const replayed: string[] = [];
      const handler = async (e: EventEnvelope) => void replayed.push(e.id);

      const idle = await statementsOf(() => replayer.replayRequested('g', topic, handler));
      expect(idle.result).toBe(0);
      expect(idle.statements).toHaveLength(1);

      const store = new DeadLetterStore(database.dataSource);
      expect(await store.requestReplayAll({ group: 'g', topic })).toBe(1);
      expect(await replayer.replayRequested('g', topic, handler)).toBe(1);
      expect(replayed).toEqual([failing.id]);
      expect((await statementsOf(() => replayer.replayRequested('g', topic, handler))).statements).toHaveLength(1);
    });
  });

  it('checks through the indexes, reading a few pages whatever the length of the log, for a busy or an idle topic', async () => {
    const q = (sql: string, parameters: unknown[] = []) => database.dataSource.query(sql, parameters);
    // An idle topic whose events are all old, then a busy one with many newer events: the check
    // must not walk the busy topic's rows to find out the idle one has nothing new, nor scan the log.
    const [idle, busy] = [`idle-${randomUUID()}`, `busy-${randomUUID()}`];
    const append = (topic: string, count: number) =>
      q(`INSERT INTO eventbus.events (topic, event_id, message) SELECT $1, gen_random_uuid(), '\\x00' FROM generate_series(1, $2::int)`, [
        topic,
        count,
      ]);
    await append(idle, 2_000);
    await append(busy, 30_000);
    for (const topic of [idle, busy]) {
      await q(
        `INSERT INTO eventbus.consumer_offsets (consumer_group, topic, position)
         SELECT 'plan', $1::text, max(position) FROM eventbus.events WHERE topic = $1`,
        [topic],
      );
    }
    await q(
      `INSERT INTO eventbus.dead_letters (consumer_group, topic, event_id, reason, origin, message, last_error, attempts, first_failed_at, last_failed_at)
       SELECT 'plan-' || (i % 7), $1, gen_random_uuid(), 'handler_failed', 'x', '\\x00', 'e', 1, now(), now() FROM generate_series(1, 3000) i`,
      [busy],
    );
    for (const table of ['events', 'consumer_offsets', 'dead_letters']) await q(`ANALYZE eventbus.${table}`);

    type PlanNode = {
      'Node Type': string;
      'Relation Name'?: string;
      'Shared Hit Blocks': number;
      'Shared Read Blocks': number;
      Plans?: PlanNode[];
    };
    /** The scans of `relation` in the statement's executed plan: node type and pages read. */
    const scans = async (sql: string, parameters: unknown[], relation: string) => {
      const [
        {
          'QUERY PLAN': [root],
        },
      ] = await q(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, parameters);
      const found: { type: string; pages: number }[] = [];
      const walk = (node: PlanNode) => {
        if (node['Relation Name'] === relation)
          found.push({ type: node['Node Type'], pages: node['Shared Hit Blocks'] + node['Shared Read Blocks'] });
        node.Plans?.forEach(walk);
      };
      walk((root as { Plan: PlanNode }).Plan);
      return found;
    };
    for (const topic of [idle, busy]) {
      const found = await scans(POLL_CHECK_SQL, ['plan', topic], 'events');
      expect(found).toHaveLength(1);
      expect(found[0].type).not.toBe('Seq Scan');
      expect(found[0].pages).toBeLessThanOrEqual(8);
      // Nothing after the offset: the check says so.
      expect(await q(POLL_CHECK_SQL, ['plan', topic])).toEqual([
        { registered: true, retry_pending: false, retry_wait_ms: 0, has_events: false },
      ]);
    }
    const replay = await scans(REPLAY_CHECK_SQL, ['plan-1', busy], 'dead_letters');
    expect(replay).toEqual([{ type: 'Index Only Scan', pages: expect.any(Number) }]);
    expect(replay[0].pages).toBeLessThanOrEqual(8);
    expect(await q(REPLAY_CHECK_SQL, ['plan-1', busy])).toEqual([{ requested: false }]);
  });
});
