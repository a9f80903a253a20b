import { randomUUID } from 'node:crypto';
import { createLogger } from '@kyc/logger';
import { Registry } from '@kyc/metrics';
import { withServiceDatabase } from '@kyc/testing';
import { createSessionDataSource } from '../infrastructure/data-source';
import { registerOutboxMetrics } from '../infrastructure/outbox-metrics';

/** The value of one sample line of the exposition text; undefined when the series is absent. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe(registerOutboxMetrics.name, () => {
  const database = withServiceDatabase(createSessionDataSource);

  const append = (ageSeconds: number, parked = false) =>
    database.dataSource.query(
      `INSERT INTO session.outbox (type, session_id, project_id, environment, payload, occurred_at, parked_at)
       VALUES ('verification.updated', $1, $2, 'sandbox', '{}', now() - make_interval(secs => $3), CASE WHEN $4 THEN now() END)`,
      [randomUUID(), randomUUID(), ageSeconds, parked],
    );

  it('reports the age of the oldest unpublished event and the waiting and parked counts, read at each scrape', async () => {
    const registry = new Registry();
    registerOutboxMetrics(database.dataSource, createLogger('outbox-test', 'silent'), registry);
    let text = await registry.metrics();
    expect(sample(text, 'kyc_outbox_lag_seconds')).toBe(0);
    expect(sample(text, 'kyc_outbox_events{state="waiting"}')).toBe(0);

    await append(30);
    await append(5);
    // A parked event is older still, but no relay will publish it: it is counted, not lag.
    await append(600, true);
    text = await registry.metrics();
    expect(sample(text, 'kyc_outbox_lag_seconds')).toBeGreaterThanOrEqual(30);
    expect(sample(text, 'kyc_outbox_lag_seconds')).toBeLessThan(60);
    expect(sample(text, 'kyc_outbox_events{state="waiting"}')).toBe(2);
    expect(sample(text, 'kyc_outbox_events{state="parked"}')).toBe(1);

    await database.dataSource.query(`UPDATE session.outbox SET published_at = now() WHERE parked_at IS NULL`);
    text = await registry.metrics();
    expect(sample(text, 'kyc_outbox_lag_seconds')).toBe(0);
    expect(sample(text, 'kyc_outbox_events{state="waiting"}')).toBe(0);
    expect(sample(text, 'kyc_outbox_events{state="parked"}')).toBe(1);
  });
});
