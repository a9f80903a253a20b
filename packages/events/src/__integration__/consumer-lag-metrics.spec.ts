import { createLogger } from '@kyc/logger';
import { Registry } from '@kyc/metrics';
import { withServiceDatabase } from '@kyc/testing';
import { kafkaLag, postgresConsumerLag, registerConsumerLagMetrics } from '../consumer-lag-metrics';
import { createEventLogDataSource } from '../postgres/postgres-event-bus';

const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe(registerConsumerLagMetrics.name, () => {
  const database = withServiceDatabase(createEventLogDataSource);

  it("reports each group's events after its offset on the embedded bus, read at each scrape", async () => {
    const registry = new Registry();
    registerConsumerLagMetrics(postgresConsumerLag(database.dataSource), createLogger('events-test', 'silent'), registry);
    const topic = 'kyc.session.events';
    for (let i = 0; i < 5; i++)
      await database.dataSource.query(`INSERT INTO eventbus.events (topic, event_id, message) VALUES ($1, gen_random_uuid(), '\\x00')`, [
        topic,
      ]);
    const [{ third }] = await database.dataSource.query(`SELECT position AS third FROM eventbus.events ORDER BY position OFFSET 2 LIMIT 1`);
    await database.dataSource.query(
      `INSERT INTO eventbus.consumer_offsets (consumer_group, topic, position) VALUES ('webhook', $1, $2), ('billing', $1, 0)`,
      [topic, third],
    );
    let text = await registry.metrics();
    expect(sample(text, `kyc_event_consumer_lag{consumer_group="webhook",topic="${topic}"}`)).toBe(2);
    expect(sample(text, `kyc_event_consumer_lag{consumer_group="billing",topic="${topic}"}`)).toBe(5);
    await database.dataSource.query(`UPDATE eventbus.consumer_offsets SET position = (SELECT max(position) FROM eventbus.events)`);
    text = await registry.metrics();
    expect(sample(text, `kyc_event_consumer_lag{consumer_group="webhook",topic="${topic}"}`)).toBe(0);
    expect(sample(text, `kyc_event_consumer_lag{consumer_group="billing",topic="${topic}"}`)).toBe(0);
  });

  it("computes Kafka's lag from high watermarks and committed offsets, a partition never committed counting from its low mark", () => {
    const latest = [
      { partition: 0, high: '10', low: '0' },
      { partition: 1, high: '7', low: '3' },
      { partition: 2, high: '4', low: '0' },
    ];
    expect(
      kafkaLag(latest, [
        { partition: 0, offset: '8' },
        { partition: 1, offset: '-1' },
        { partition: 2, offset: '4' },
      ]),
    ).toBe(2 + 4 + 0);
  });
});
