import { ErrorCode, KycError } from '@kyc/errors';

export interface AdmissionLimits {
  /** Analyses running at once; CPU-bound work gains nothing from more than the cores can run. */
  maxConcurrent: number;
  /** Analyses waiting for a slot, in arrival order. One more is refused at once. */
  maxQueued: number;
  /** What the caller is told to wait before trying again. */
  retryAfterSeconds: number;
}

/**
 * Admission control for a service's heavy calls (issue 26, item 4): up to `maxConcurrent` run,
 * up to `maxQueued` wait in order, and the next one is answered at once with a retryable
 * SERVICE_UNAVAILABLE (details.retryAfterSeconds) instead of joining a queue without bound, where
 * it would hold memory and outlive its caller's deadline.
 */
export class AdmissionGate {
  /** A gate from a service's admissionEnv settings (MAX_CONCURRENT_ANALYSES, MAX_QUEUED_ANALYSES, ANALYSIS_RETRY_AFTER_SECONDS). */
  static fromConfig(
    what: string,
    config: { MAX_CONCURRENT_ANALYSES: number; MAX_QUEUED_ANALYSES: number; ANALYSIS_RETRY_AFTER_SECONDS: number },
  ): AdmissionGate {
    return new AdmissionGate(what, {
      maxConcurrent: config.MAX_CONCURRENT_ANALYSES,
      maxQueued: config.MAX_QUEUED_ANALYSES,
      retryAfterSeconds: config.ANALYSIS_RETRY_AFTER_SECONDS,
    });
  }

  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly what: string,
    private readonly limits: AdmissionLimits,
  ) {
    if (limits.maxConcurrent < 1 || limits.maxQueued < 0) throw new Error(`${what}: at least one call must be able to run`);
  }

  /** Runs `work` when a slot is free, or refuses it when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.admit();
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Calls running and waiting now (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private admit(): Promise<void> {
    if (this.running < this.limits.maxConcurrent) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.maxQueued) {
      throw new KycError(
        ErrorCode.SERVICE_UNAVAILABLE,
        `The ${this.what} is at capacity; try again in ${this.limits.retryAfterSeconds} s`,
        {
          retryAfterSeconds: this.limits.retryAfterSeconds,
        },
      );
    }
    // The slot is handed over by the finishing call, so `running` never dips and lets a newcomer overtake.
    return new Promise((resolve) => this.waiting.push(() => ((this.running += 1), resolve())));
  }
}
