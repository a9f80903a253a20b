import type { Logger } from '@kyc/logger';

/**
 * Runs one piece of background work every `intervalMs`, never two runs at once; `stop()` waits
 * for the run in flight, so a shutdown closes the database only after it.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running = false;
  private current: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly name: string,
    private readonly work: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.running = true;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.current;
  }

  private schedule(): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.current = this.work()
        .catch((error) => this.logger.error({ err: error, task: this.name }, `${this.name} failed`))
        .finally(() => this.schedule());
    }, this.intervalMs);
    this.timer.unref();
  }
}
