import type { Logger } from '@kyc/logger';
import { Gauge, type Registry, metricsRegistry } from '@kyc/metrics';
import type { DataSource } from '@kyc/persistence';

const NAME = 'kyc_event_consumer_lag';

export interface ConsumerLag {
  group: string;
  topic: string;
  /** Events published and not yet consumed (handled or dead-lettered) by the group. */
  lag: number;
}

/**
 * `kyc_event_consumer_lag` by consumer group and topic, read from the transport at each scrape:
 * on the embedded bus the events after the group's offset (every process sees every group: read
 * with `max`); on Kafka the high watermark minus the group's committed offset summed over the
 * partitions, for the groups this process consumes. Registered once per process.
 */
export function registerConsumerLagMetrics(
  source: () => Promise<ConsumerLag[]>,
  logger: Logger,
  registry: Registry = metricsRegistry(),
): void {
  if (registry.getSingleMetric(NAME)) return;
  new Gauge({
    name: NAME,
    help: 'Events published but not yet consumed, by consumer group and topic.',
    labelNames: ['consumer_group', 'topic'] as const,
    registers: [registry],
    async collect() {
      try {
        for (const { group, topic, lag } of await source()) this.set({ consumer_group: group, topic }, lag);
      } catch (error) {
        // A scrape while the database or the brokers are away still answers, with the last values.
        logger.warn({ err: error }, 'measuring consumer lag failed');
      }
    },
  });
}

/** The embedded bus's lag: events of the topic after each group's committed position. */
export function postgresConsumerLag(dataSource: DataSource): () => Promise<ConsumerLag[]> {
  return async () => {
    const rows: { group: string; topic: string; lag: number }[] = await dataSource.query(
      `SELECT o.consumer_group AS "group", o.topic,
              (SELECT count(*) FROM eventbus.events e WHERE e.topic = o.topic AND e.position > o.position)::int AS lag
         FROM eventbus.consumer_offsets o`,
    );
    return rows.map((row) => ({ group: row.group, topic: row.topic, lag: Number(row.lag) }));
  };
}

/** Kafka's lag of one group on one topic from the offsets kafkajs's admin reports. */
export function kafkaLag(
  latest: { partition: number; high: string; low: string }[],
  committed: { partition: number; offset: string }[],
): number {
  const committedBy = new Map(committed.map((c) => [c.partition, Number(c.offset)]));
  return latest.reduce((sum, { partition, high, low }) => {
    const offset = committedBy.get(partition);
    const from = offset === undefined || offset < 0 ? Number(low) : offset;
    return sum + Math.max(0, Number(high) - from);
  }, 0);
}
