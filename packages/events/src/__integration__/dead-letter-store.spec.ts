import { randomUUID } from 'node:crypto';
import { withServiceDatabase } from '@kyc/testing';
import { DeadLetterStore, type NewDeadLetter, recordDeadLetter } from '../dead-letters/dead-letter-store';
import { createEventLogDataSource } from '../postgres/postgres-event-bus';

const newDeadLetter = (overrides: Partial<NewDeadLetter> = {}): NewDeadLetter => ({
  group: 'webhook',
  topic: 'kyc.session.events',
  eventId: randomUUID(),
  eventType: 'verification.completed',
  reason: 'handler_failed',
  origin: 'eventbus.events#1',
  message: Buffer.from([1, 2, 3]),
  lastError: 'Error: down',
  attempts: 10,
  ...overrides,
});

describe(DeadLetterStore.name, () => {
  const database = withServiceDatabase(createEventLogDataSource);
  let sut: DeadLetterStore;

  beforeAll(async () => {
    sut = new DeadLetterStore(database.dataSource);
    // Oldest first, one per millisecond so that "newest first" is well defined.
    for (const letter of [
      newDeadLetter({ group: 'webhook' }),
      newDeadLetter({ group: 'billing' }),
      newDeadLetter({ group: 'webhook', topic: 'other.topic' }),
      newDeadLetter({ group: 'webhook', eventId: null, eventType: null, reason: 'undecodable', attempts: 1 }),
    ]) {
      await database.dataSource.transaction(async (manager) => {
        const id = await recordDeadLetter(manager, letter);
        await manager.query(`UPDATE eventbus.dead_letters SET dead_lettered_at = clock_timestamp() WHERE id = $1`, [id]);
      });
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  });

  it('lists newest first, filtered by group and topic, paged, without the message bytes', async () => {
    const all = await sut.list({ limit: 10, offset: 0 });
    expect(all.map((l) => [l.group, l.topic, l.reason])).toEqual([
      ['webhook', 'kyc.session.events', 'undecodable'],
      ['webhook', 'other.topic', 'handler_failed'],
      ['billing', 'kyc.session.events', 'handler_failed'],
      ['webhook', 'kyc.session.events', 'handler_failed'],
    ]);
    expect(all[0]).not.toHaveProperty('message');
    expect(all[0]).toMatchObject({ eventId: null, attempts: 1, replayRequestedAt: null, replayedAt: null });
    expect((await sut.list({ group: 'webhook', limit: 10, offset: 0 })).map((l) => l.topic)).toEqual([
      'kyc.session.events',
      'other.topic',
      'kyc.session.events',
    ]);
    expect(await sut.list({ group: 'webhook', topic: 'other.topic', limit: 10, offset: 0 })).toHaveLength(1);
    const page = await sut.list({ limit: 2, offset: 1 });
    expect(page.map((l) => l.id)).toEqual(all.slice(1, 3).map((l) => l.id));
  });

  it('counts what matches, and what is still pending', async () => {
    expect(await sut.count()).toBe(4);
    expect(await sut.count({ group: 'webhook' })).toBe(3);
    expect(await sut.count({ topic: 'kyc.session.events' })).toBe(3);
    expect(await sut.count({ group: 'nobody' })).toBe(0);
  });

  it('answers null for an unknown or malformed id', async () => {
    expect(await sut.find(randomUUID())).toBeNull();
    expect(await sut.requestReplay(randomUUID())).toBeNull();
    expect(await sut.requestReplay('not-a-uuid')).toBeNull();
  });

  it('marks one for replay, then the rest of a group and topic that are not requested yet', async () => {
    const [billing] = await sut.list({ group: 'billing', limit: 1, offset: 0 });
    expect((await sut.requestReplay(billing.id))?.replayRequestedAt).toBeInstanceOf(Date);
    expect(await sut.requestReplayAll({ group: 'webhook', topic: 'kyc.session.events' })).toBe(2);
    expect(await sut.requestReplayAll({ group: 'webhook', topic: 'kyc.session.events' })).toBe(0);
    expect(await sut.requestReplayAll()).toBe(1);
  });

  it('answers a dead letter already replayed as it is', async () => {
    const [letter] = await sut.list({ group: 'billing', limit: 1, offset: 0 });
    await database.dataSource.query(`UPDATE eventbus.dead_letters SET replayed_at = now() WHERE id = $1`, [letter.id]);
    const again = await sut.requestReplay(letter.id);
    expect(again?.replayedAt).toBeInstanceOf(Date);
    expect(await sut.count({ pending: true })).toBe(3);
  });

  it('keeps one row per event and group: writing it again updates it and opens it again', async () => {
    const letter = newDeadLetter({ group: 'again' });
    const first = await recordDeadLetter(database.dataSource, letter);
    await database.dataSource.query(`UPDATE eventbus.dead_letters SET replayed_at = now() WHERE id = $1`, [first]);
    const second = await recordDeadLetter(database.dataSource, { ...letter, lastError: 'Error: again', attempts: 3 });
    expect(second).toBe(first);
    expect(await sut.find(first)).toMatchObject({ attempts: 13, lastError: 'Error: again', replayedAt: null });
  });
});
