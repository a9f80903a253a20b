import { randomUUID } from 'node:crypto';
import { createEventLogDataSource } from '@kyc/events';
import { Registry } from '@kyc/metrics';
import { withServiceDatabase } from '@kyc/testing';
import { BillingMetrics } from '../infrastructure/billing-metrics';
import { BillingRepository } from '../infrastructure/billing.repository';
import { createBillingDataSource } from '../infrastructure/data-source';

/** The value of one sample line of the exposition text; undefined when the series is absent. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

/** Charges counted on a real PostgreSQL: once per session charged, by environment and source, repeats not counted. */
describe(BillingMetrics.name, () => {
  const database = withServiceDatabase(createEventLogDataSource, createBillingDataSource);

  it('counts each session charged once, by what paid, through both charge paths', async () => {
    const registry = new Registry();
    const sut = new BillingRepository(database.dataSources[1], 1, new BillingMetrics(registry));
    const projectId = randomUUID();
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];

    await sut.chargeSession(projectId, 'live', first);
    await sut.chargeSession(projectId, 'live', first);
    const eventId = randomUUID();
    await sut.chargeForEvent(eventId, projectId, 'live', second);
    await sut.chargeForEvent(eventId, projectId, 'live', second);
    await sut.chargeForEvent(randomUUID(), projectId, 'live', second);
    await sut.topUp(projectId, 'sandbox', 1);
    await sut.chargeSession(projectId, 'sandbox', third);

    const text = await registry.metrics();
    expect(sample(text, 'kyc_billing_charges_total{environment="live",source="trial"}')).toBe(1);
    expect(sample(text, 'kyc_billing_charges_total{environment="live",source="credit"}')).toBe(1);
    // A new sandbox account starts with its own trial of 1, which pays before the top-up.
    expect(sample(text, 'kyc_billing_charges_total{environment="sandbox",source="trial"}')).toBe(1);
    const [{ count }] = await database.dataSources[1].query(`SELECT count(*)::int AS count FROM billing.charges WHERE project_id = $1`, [
      projectId,
    ]);
    expect(count).toBe(3);
  });
});
