import type { Logger } from '@kyc/logger';
import type { SessionRepository } from '../infrastructure/session.repository';
import { applyTransition } from './session-transitions';

const BATCH = 200;

/**
 * Moves open sessions past their TTL to `expired` (spec part 3; manual_review never expires).
 * SKIP LOCKED lets several replicas sweep side by side without waiting on each other.
 */
export class ExpirySweeper {
  private timer?: NodeJS.Timeout;

  constructor(private readonly sessions: SessionRepository, private readonly logger: Logger, private readonly intervalMs: number) {}

  start(): void {
    this.timer = setInterval(() => void this.sweepOnce().catch((error) => this.logger.error({ err: error }, 'expiry sweep failed')), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async sweepOnce(now = new Date()): Promise<number> {
    return this.sessions.transaction(async (manager) => {
      const due = await this.sessions.lockExpiredOpenSessions(manager, now, BATCH);
      for (const record of due) await applyTransition(this.sessions, manager, record, 'ttl_passed', { now });
      if (due.length) this.logger.info({ expired: due.length }, 'expired sessions past their TTL');
      return due.length;
    });
  }
}
