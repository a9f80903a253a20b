import type { Logger } from '@kyc/logger';
import { Gauge, type Registry, metricsRegistry, sharedCounter, sharedHistogram } from '@kyc/metrics';
import type { DeliveryRepository } from './delivery.repository';

/** What became of one delivery attempt: the status the delivery has after it. */
export type AttemptResult = 'delivered' | 'retry_scheduled' | 'failed';

/**
 * The webhook service's own metrics: `kyc_webhook_delivery_attempts_total` by result (a failed
 * delivery is one whose retry schedule is used up), and `kyc_webhook_deliveries_waiting` by
 * `queue` (`first_attempt`, `retry`: the retry queue's depth), counted in the database at each
 * scrape, so every replica reports the same, shared queue.
 */
export class WebhookMetrics {
  private readonly attempts;
  /** `kyc_webhook_delivery_seconds`: from enqueueing a delivery to its 2xx (the webhook SLO, p99 ≤ 5 s). */
  private readonly latency;

  constructor(deliveries: DeliveryRepository, logger: Logger, registry: Registry = metricsRegistry()) {
    this.attempts = sharedCounter(
      registry,
      'kyc_webhook_delivery_attempts_total',
      'Webhook delivery attempts, by what became of the delivery.',
      ['result'] as const,
    );
    this.latency = sharedHistogram(
      registry,
      'kyc_webhook_delivery_seconds',
      'Time from enqueueing a webhook delivery (its event handled) to the receiver answering 2xx, retries included.',
      [] as const,
      [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600],
    );
    if (!registry.getSingleMetric('kyc_webhook_deliveries_waiting')) {
      new Gauge({
        name: 'kyc_webhook_deliveries_waiting',
        help: 'Webhook deliveries waiting to be sent, by queue: first attempts and retries after a failed attempt.',
        labelNames: ['queue'] as const,
        registers: [registry],
        async collect() {
          try {
            const waiting = await deliveries.countWaiting();
            this.set({ queue: 'first_attempt' }, waiting.firstAttempt);
            this.set({ queue: 'retry' }, waiting.retry);
          } catch (error) {
            // A scrape during a database outage still answers; the gauge keeps its last values.
            logger.warn({ err: error }, 'counting waiting webhook deliveries failed');
          }
        },
      });
    }
  }

  countAttempt(result: AttemptResult): void {
    this.attempts.inc({ result });
  }

  observeDelivered(seconds: number): void {
    this.latency.observe(Math.max(0, seconds));
  }
}
