import { randomUUID } from 'node:crypto';
import type { EventBus, EventEnvelope } from '@kyc/events';
import { createLogger } from '@kyc/logger';
import { withServiceDatabase } from '@kyc/testing';
import { createSessionDataSource } from '../infrastructure/data-source';
import { OutboxRelay } from '../infrastructure/outbox-relay';

/**
 * The outbox relay on a real PostgreSQL with several relays at once. The bus is a recorder (the
 * transports have their own contract suite in @kyc/events); it is slow and uneven on purpose so
 * that relays overlap.
 */
class RecordingBus implements EventBus {
  readonly published: EventEnvelope[] = [];
  failNext = false;

  async publish(_topic: string, events: EventEnvelope[]): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    if (this.failNext) {
      this.failNext = false;
      throw new Error('broker unreachable');
    }
    this.published.push(...events);
  }

  subscribe(): never {
    throw new Error('not used');
  }

  async close(): Promise<void> {}
}

describe('outbox relay (real PostgreSQL)', () => {
  const database = withServiceDatabase(createSessionDataSource);
  const logger = createLogger('relay-test', 'silent');

  async function appendEvents(sessionId: string, count: number, type = 'verification.updated', firstStep = 0): Promise<void> {
    for (let i = firstStep; i < firstStep + count; i += 1) {
      await database.dataSource.query(
        `INSERT INTO session.outbox (type, session_id, project_id, environment, payload) VALUES ($1, $2, $3, 'sandbox', $4)`,
        [
          type,
          sessionId,
          randomUUID(),
          JSON.stringify({ status: 'connected', change: `step-${i}`, clientMetadataJson: '{}', testMode: false }),
        ],
      );
    }
  }

  async function drain(relays: OutboxRelay[]): Promise<void> {
    for (let round = 0; round < 200; round += 1) {
      const counts = await Promise.all(relays.map((relay) => relay.relayOnce().catch(() => 1)));
      const [{ left }] = await database.dataSource.query(
        `SELECT count(*)::int AS left FROM session.outbox WHERE published_at IS NULL AND parked_at IS NULL`,
      );
      if (left === 0 && counts.every((c) => c === 0)) return;
    }
    throw new Error('the outbox did not drain');
  }

  it('keeps each session in order with three relays publishing at once, each event once', async () => {
    const sessions = Array.from({ length: 8 }, () => randomUUID());
    // Interleaved: every session's events are spread over the whole outbox.
    for (let step = 0; step < 6; step += 1)
      for (const sessionId of sessions) await appendEvents(sessionId, 1, 'verification.updated', step);
    const bus = new RecordingBus();
    // Claims of 5 rows: the relays split every session's events between them.
    const relays = [0, 1, 2].map(() => new OutboxRelay(database.dataSource, bus, logger, { pollMs: 100, batchSize: 5 }));
    await drain(relays);
    expect(bus.published).toHaveLength(48);
    expect(new Set(bus.published.map((e) => e.id)).size).toBe(48);
    for (const sessionId of sessions) {
      const changes = bus.published.filter((e) => e.sessionId === sessionId).map((e) => (e.payload as { change: string }).change);
      expect(changes).toEqual(['step-0', 'step-1', 'step-2', 'step-3', 'step-4', 'step-5']);
    }
  });

  it('parks a row it cannot encode and publishes the rows behind it; a failed publish is retried, not lost', async () => {
    const broken = randomUUID();
    await appendEvents(broken, 1, 'verification.unknown_type');
    const healthy = randomUUID();
    await appendEvents(healthy, 3);
    const bus = new RecordingBus();
    bus.failNext = true;
    const relay = new OutboxRelay(database.dataSource, bus, logger);
    await expect(relay.relayOnce()).rejects.toThrow('broker unreachable');
    await drain([relay]);
    expect(bus.published.filter((e) => e.sessionId === healthy)).toHaveLength(3);
    const parked: { park_reason: string; published_at: Date | null }[] = await database.dataSource.query(
      `SELECT park_reason, published_at FROM session.outbox WHERE session_id = $1`,
      [broken],
    );
    expect(parked).toEqual([{ park_reason: expect.any(String), published_at: null }]);
  });
  it('polls an empty outbox with one read and no transaction, and still publishes what comes after, a lapsed claim included', async () => {
    const bus = new RecordingBus();
    const relay = new OutboxRelay(database.dataSource, bus, logger);
    await drain([relay]);
    const transaction = jest.spyOn(database.dataSource, 'transaction');
    const query = jest.spyOn(database.dataSource, 'query');
    try {
      await expect(relay.relayOnce()).resolves.toBe(0);
      expect(transaction).not.toHaveBeenCalled();
      expect(query).toHaveBeenCalledTimes(1);

      const sessionId = randomUUID();
      await appendEvents(sessionId, 1);
      await expect(relay.relayOnce()).resolves.toBe(1);
      // A row held by a relay that died: claimed, never published, its claim run out.
      const orphan = randomUUID();
      await appendEvents(orphan, 1);
      await database.dataSource.query(`UPDATE session.outbox SET claimed_until = now() + interval '1 hour' WHERE session_id = $1`, [
        orphan,
      ]);
      await expect(relay.relayOnce()).resolves.toBe(0);
      await database.dataSource.query(`UPDATE session.outbox SET claimed_until = now() - interval '1 second' WHERE session_id = $1`, [
        orphan,
      ]);
      await expect(relay.relayOnce()).resolves.toBe(1);
      expect(bus.published.map((e) => e.sessionId)).toEqual(expect.arrayContaining([sessionId, orphan]));
    } finally {
      transaction.mockRestore();
      query.mockRestore();
    }
  });
});
