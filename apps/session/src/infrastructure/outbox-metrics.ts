import type { Logger } from '@kyc/logger';
import { Gauge, type Registry, metricsRegistry } from '@kyc/metrics';
import type { DataSource } from '@kyc/persistence';

/**
 * The session outbox as the relays see it, counted in `session.outbox` at each scrape (every
 * session replica reports the same figures; read them with `max`):
 * `kyc_outbox_lag_seconds`, the age of the oldest event not yet published (0 when none waits),
 * and `kyc_outbox_events{state}`, events `waiting` to be published and `parked` ones (unencodable,
 * never published without an operator). Registered once per process.
 */
export function registerOutboxMetrics(dataSource: DataSource, logger: Logger, registry: Registry = metricsRegistry()): void {
  if (registry.getSingleMetric('kyc_outbox_lag_seconds')) return;
  let latest: Promise<{ lagSeconds: number; waiting: number; parked: number } | null> | null = null;
  // One query answers both gauges of a scrape.
  const measure = () =>
    (latest ??= dataSource
      .query(
        `SELECT coalesce(extract(epoch FROM now() - min(occurred_at) FILTER (WHERE parked_at IS NULL)), 0)::float8 AS "lagSeconds",
                count(*) FILTER (WHERE parked_at IS NULL)::int AS waiting, count(*) FILTER (WHERE parked_at IS NOT NULL)::int AS parked
           FROM session.outbox WHERE published_at IS NULL`,
      )
      .then(([row]: { lagSeconds: number; waiting: number; parked: number }[]) => ({
        lagSeconds: Number(row.lagSeconds),
        waiting: Number(row.waiting),
        parked: Number(row.parked),
      }))
      .catch((error: unknown) => {
        // A scrape during a database outage still answers; the gauges keep their last values.
        logger.warn({ err: error }, 'measuring the outbox failed');
        return null;
      })
      .finally(() => setImmediate(() => (latest = null))));
  new Gauge({
    name: 'kyc_outbox_lag_seconds',
    help: 'Age of the oldest session outbox event not yet published (0 when none waits).',
    registers: [registry],
    async collect() {
      const measured = await measure();
      if (measured) this.set(measured.lagSeconds);
    },
  });
  new Gauge({
    name: 'kyc_outbox_events',
    help: 'Session outbox events not published, by state: waiting for a relay, or parked (unencodable).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const measured = await measure();
      if (!measured) return;
      this.set({ state: 'waiting' }, measured.waiting);
      this.set({ state: 'parked' }, measured.parked);
    },
  });
}
