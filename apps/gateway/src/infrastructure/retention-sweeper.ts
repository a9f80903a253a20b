import type { Logger } from '@kyc/logger';
import type { ApiCallWindowStore } from './api-call-window.store';
import type { DeviceCallWindowRepository } from './device-call-window.repository';
import type { IdempotencyRepository } from './idempotency.repository';

/** Deletes what the gateway keeps only for a while: idempotency keys past 24 hours, closed device-call windows, ended API-call windows. */
export class RetentionSweeper {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly idempotency: IdempotencyRepository,
    private readonly callWindows: DeviceCallWindowRepository,
    private readonly apiCallWindows: ApiCallWindowStore,
    private readonly logger: Logger,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(
      () => void this.sweepOnce().catch((error) => this.logger.error({ err: error }, 'retention sweep failed')),
      this.intervalMs,
    );
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async sweepOnce(): Promise<{ idempotencyKeys: number; deviceCallWindows: number; apiCallWindows: number }> {
    const swept = {
      idempotencyKeys: await this.idempotency.purgeExpired(),
      deviceCallWindows: await this.callWindows.purgeClosed(),
      apiCallWindows: await this.apiCallWindows.purgeEnded(),
    };
    if (swept.idempotencyKeys || swept.deviceCallWindows || swept.apiCallWindows) this.logger.debug(swept, 'retention sweep');
    return swept;
  }
}
