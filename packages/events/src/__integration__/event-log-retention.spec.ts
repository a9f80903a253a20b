import { randomUUID } from 'node:crypto';
import { withServiceDatabase } from '@kyc/testing';
import type { EventEnvelope } from '../event-bus';
import { pruneEventLog } from '../postgres/event-log-retention';
import { appendToEventLog, createEventLogDataSource } from '../postgres/postgres-event-bus';

const event = (): EventEnvelope => ({
  id: randomUUID(),
  type: 'verification.updated',
  occurredAt: new Date().toISOString(),
  projectId: randomUUID(),
  environment: 'test',
  sessionId: randomUUID(),
  payload: { status: 'open', change: '1', clientMetadataJson: '', testMode: true },
});

/** The Postgres event log pruned after EVENT_LOG_RETENTION_DAYS, on a real PostgreSQL, never ahead of a consumer. */
describe('pruneEventLog (real PostgreSQL)', () => {
  const database = withServiceDatabase(createEventLogDataSource);
  const query = <T>(sql: string, params: unknown[] = []) => database.dataSource.query(sql, params) as Promise<T[]>;

  it('deletes old events every consumer group has passed, keeps those a lagging group still has to read, and old dead letters', async () => {
    const topic = `retention-${randomUUID()}`;
    await database.dataSource.transaction((manager) => appendToEventLog(manager, topic, [event(), event(), event()]));
    const positions = (
      await query<{ position: string }>(`SELECT position FROM eventbus.events WHERE topic = $1 ORDER BY position`, [topic])
    ).map((row) => Number(row.position));
    // All three are 40 days old; group a read all three, group b only the first.
    await query(`UPDATE eventbus.events SET published_at = now() - interval '40 days' WHERE topic = $1`, [topic]);
    await query(`INSERT INTO eventbus.consumer_offsets (consumer_group, topic, position) VALUES ('a', $1, $2), ('b', $1, $3)`, [
      topic,
      positions[2],
      positions[0],
    ]);
    await query(
      `INSERT INTO eventbus.dead_letters (consumer_group, topic, reason, origin, message, last_error, attempts, first_failed_at, last_failed_at, dead_lettered_at)
       VALUES ('a', $1, 'undecodable', 'test', '\\x00', 'old', 1, now() - interval '40 days', now() - interval '40 days', now() - interval '40 days'),
              ('a', $1, 'undecodable', 'test', '\\x00', 'new', 1, now(), now(), now())`,
      [topic],
    );

    const pruned = await pruneEventLog(database.dataSource, new Date(Date.now() - 30 * 86_400_000));
    expect(pruned.events).toBe(1);
    expect(pruned.deadLetters).toBe(1);
    expect(
      (await query<{ position: string }>(`SELECT position FROM eventbus.events WHERE topic = $1 ORDER BY position`, [topic])).map((r) =>
        Number(r.position),
      ),
    ).toEqual(positions.slice(1));
    expect(
      (await query<{ last_error: string }>(`SELECT last_error FROM eventbus.dead_letters WHERE topic = $1`, [topic])).map(
        (r) => r.last_error,
      ),
    ).toEqual(['new']);

    // Once b catches up they go too; recent events never do.
    await query(`UPDATE eventbus.consumer_offsets SET position = $2 WHERE consumer_group = 'b' AND topic = $1`, [topic, positions[2]]);
    await database.dataSource.transaction((manager) => appendToEventLog(manager, topic, [event()]));
    expect((await pruneEventLog(database.dataSource, new Date(Date.now() - 30 * 86_400_000))).events).toBe(2);
    expect(await query(`SELECT 1 FROM eventbus.events WHERE topic = $1`, [topic])).toHaveLength(1);
  });
});
