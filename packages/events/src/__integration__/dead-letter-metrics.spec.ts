import { randomUUID } from 'node:crypto';
import { createLogger } from '@kyc/logger';
import { Registry } from '@kyc/metrics';
import { withServiceDatabase } from '@kyc/testing';
import { registerDeadLetterMetrics } from '../dead-letters/dead-letter-metrics';
import { type NewDeadLetter, recordDeadLetter } from '../dead-letters/dead-letter-store';
import { createEventLogDataSource } from '../postgres/postgres-event-bus';

const newDeadLetter = (group: string): NewDeadLetter => ({
  group,
  topic: 'kyc.session.events',
  eventId: randomUUID(),
  eventType: 'verification.completed',
  reason: 'handler_failed',
  origin: 'eventbus.events#1',
  message: Buffer.from([1, 2, 3]),
  lastError: 'Error: down',
  attempts: 10,
});

/** The value of one sample line of the exposition text; undefined when the series is absent. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe(registerDeadLetterMetrics.name, () => {
  const database = withServiceDatabase(createEventLogDataSource);

  it('reports the dead letters not replayed per consumer group, read from the database at each scrape', async () => {
    const registry = new Registry();
    registerDeadLetterMetrics(database.dataSource, createLogger('events-test', 'silent'), registry);
    registerDeadLetterMetrics(database.dataSource, createLogger('events-test', 'silent'), registry);
    const billingLetter = await recordDeadLetter(database.dataSource, newDeadLetter('billing'));
    await recordDeadLetter(database.dataSource, newDeadLetter('webhook'));
    await recordDeadLetter(database.dataSource, newDeadLetter('webhook'));

    let text = await registry.metrics();
    expect(sample(text, 'kyc_event_dead_letters_pending{consumer_group="webhook"}')).toBe(2);
    expect(sample(text, 'kyc_event_dead_letters_pending{consumer_group="billing"}')).toBe(1);

    await database.dataSource.query(`UPDATE eventbus.dead_letters SET replayed_at = now() WHERE id = $1`, [billingLetter]);
    text = await registry.metrics();
    expect(sample(text, 'kyc_event_dead_letters_pending{consumer_group="billing"}')).toBe(0);
    expect(sample(text, 'kyc_event_dead_letters_pending{consumer_group="webhook"}')).toBe(2);
  });
});
