import type { Logger } from '@kyc/logger';
import { Gauge, type Registry, metricsRegistry } from '@kyc/metrics';
import type { DataSource } from '@kyc/persistence';

const NAME = 'kyc_event_dead_letters_pending';

/**
 * `kyc_event_dead_letters_pending` by consumer group: dead letters not replayed successfully, what
 * still needs an operator (docs/operations.md, replaying dead letters). Counted in
 * `eventbus.dead_letters` at each scrape, the table both transports write, so every process that
 * consumes events reports the same figures (read them with `max`, not `sum`). Registered once per
 * process, by the first event bus it creates.
 */
export function registerDeadLetterMetrics(dataSource: DataSource, logger: Logger, registry: Registry = metricsRegistry()): void {
  if (registry.getSingleMetric(NAME)) return;
  const groupsSeen = new Set<string>();
  new Gauge({
    name: NAME,
    help: 'Event dead letters not replayed successfully, by consumer group.',
    labelNames: ['consumer_group'] as const,
    registers: [registry],
    async collect() {
      try {
        const rows: { group: string; pending: number }[] = await dataSource.query(
          `SELECT consumer_group AS "group", count(*)::int AS pending FROM eventbus.dead_letters WHERE replayed_at IS NULL GROUP BY consumer_group`,
        );
        const pendingByGroup = new Map(rows.map(({ group, pending }) => [group, Number(pending)]));
        for (const group of pendingByGroup.keys()) groupsSeen.add(group);
        // A group whose last letter was replayed reads 0 rather than keeping its old figure.
        for (const group of groupsSeen) this.set({ consumer_group: group }, pendingByGroup.get(group) ?? 0);
      } catch (error) {
        // A scrape during a database outage still answers; the gauge keeps its last values.
        logger.warn({ err: error }, 'counting pending dead letters failed');
      }
    },
  });
}
