import type { Logger } from '@kyc/logger';
import { type Span, SpanKind, inSpan } from '@kyc/tracing';
import { nextAttemptDelay } from '../domain/retry-schedule';
import { signatureHeaders } from '../domain/signature';
import { mayDeliverTo } from '../domain/url-policy';
import type { AttemptOutcome, DeliveryRepository, DueDelivery } from './delivery.repository';
import { type HostResolver, addressesOf } from './host-addresses';
import { postToPinnedAddress } from './pinned-post';
import type { WebhookMetrics } from './webhook-metrics';

export interface DispatcherOptions {
  retryScheduleMs: readonly number[];
  timeoutMs: number;
  concurrency: number;
  allowPrivateUrls: boolean;
  pollMs?: number;
  /** How a host name becomes addresses (the system resolver by default). */
  resolveHost?: HostResolver;
  /** Counts each attempt's result (main.ts passes the process's). */
  metrics?: WebhookMetrics;
}

/**
 * Sends due deliveries. Each send runs on its own (up to `concurrency` at once), so a slow or
 * dead receiver holds only its own slot for at most `timeoutMs`, never other projects' deliveries.
 */
export class WebhookDispatcher {
  private inFlight = 0;
  private running = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly logger: Logger,
    private readonly options: DispatcherOptions,
  ) {}

  start(): void {
    this.running = true;
    const loop = async () => {
      try {
        await this.dispatchDue();
      } catch (error) {
        this.logger.error({ err: error }, 'webhook dispatch failed');
      }
      if (this.running) this.timer = setTimeout(loop, this.options.pollMs ?? 100);
    };
    void loop();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
  }

  async dispatchDue(): Promise<void> {
    const claimed = await this.deliveries.claimDue(this.options.concurrency - this.inFlight, this.options.timeoutMs * 3);
    for (const delivery of claimed) {
      this.inFlight++;
      void this.send(delivery).finally(() => this.inFlight--);
    }
  }

  /** One attempt, as a CLIENT span of the trace the delivery was enqueued in (a no-op when tracing is off). */
  private send(delivery: DueDelivery): Promise<void> {
    const attributes = { 'kyc.delivery.id': delivery.id, 'kyc.event.id': delivery.eventId, 'kyc.webhook.attempt': delivery.attempts + 1 };
    return inSpan('webhook deliver', { kind: SpanKind.CLIENT, traceparent: delivery.traceparent, attributes }, (span) =>
      this.attempt(delivery, span),
    );
  }

  private async attempt(delivery: DueDelivery, span: Span): Promise<void> {
    const started = Date.now();
    let outcome: AttemptOutcome;
    try {
      const url = new URL(delivery.url);
      const addresses = await addressesOf(url, this.options.resolveHost);
      if (!mayDeliverTo(delivery.environment, addresses, this.options.allowPrivateUrls)) {
        outcome = {
          statusCode: null,
          latencyMs: 0,
          error: 'refused: the URL resolves to an address webhooks may not reach (private, loopback, link-local or special-purpose)',
          url: delivery.url,
        };
      } else {
        const statusCode = await postToPinnedAddress({
          url,
          address: addresses[0],
          headers: {
            'content-type': 'application/json',
            'user-agent': 'kyc-webhooks/1',
            ...signatureHeaders(
              { current: delivery.secret, previous: delivery.previousSecret },
              delivery.body,
              Math.floor(Date.now() / 1000),
              delivery.eventId,
            ),
          },
          body: delivery.body,
          timeoutMs: this.options.timeoutMs,
        });
        outcome = { statusCode, latencyMs: Date.now() - started, error: null, url: delivery.url };
      }
    } catch (error) {
      outcome = {
        statusCode: null,
        latencyMs: Date.now() - started,
        error: (error as Error).name === 'TimeoutError' ? 'timeout' : String((error as Error).message).slice(0, 200),
        url: delivery.url,
      };
    }
    const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const retryInMs = delivered ? null : nextAttemptDelay(this.options.retryScheduleMs, delivery.attempts + 1);
    span.setAttributes({
      'kyc.webhook.delivered': delivered,
      ...(outcome.statusCode !== null ? { 'http.response.status_code': outcome.statusCode } : {}),
    });
    await this.deliveries.recordAttempt(delivery, outcome, { delivered, retryInMs });
    this.options.metrics?.countAttempt(delivered ? 'delivered' : retryInMs === null ? 'failed' : 'retry_scheduled');
    if (delivered) this.options.metrics?.observeDelivered((Date.now() - delivery.createdAt.getTime()) / 1000);
    this.logger.info(
      {
        deliveryId: delivery.id,
        eventId: delivery.eventId,
        attempt: delivery.attempts + 1,
        statusCode: outcome.statusCode,
        delivered,
        error: outcome.error,
      },
      'webhook attempt',
    );
  }
}
