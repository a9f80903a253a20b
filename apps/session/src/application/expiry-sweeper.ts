import type { Logger } from '@kyc/logger';
import type { SessionStore } from './ports/session-store';
import { applyTransition } from './session-transitions';

const BATCH = 200;

/**
 * Moves open sessions past their TTL to `expired` (spec part 3; manual_review never expires).
 * SKIP LOCKED lets several replicas sweep side by side without waiting on each other.
 */
export class ExpirySweeper {
  constructor(
    private readonly sessions: SessionStore,
    private readonly logger: Logger,
  ) {}

  sweepOnce(now = new Date()): Promise<number> {
    return this.sessions.transaction(async (tx) => {
      const due = await tx.lockExpiredOpenSessions(now, BATCH);
      for (const record of due) await applyTransition(tx, record, 'ttl_passed', { now });
      if (due.length) this.logger.info({ expired: due.length }, 'expired sessions past their TTL');
      return due.length;
    });
  }
}
