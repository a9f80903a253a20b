import type { Logger } from '@kyc/logger';
import type { RetentionRepository } from '../infrastructure/retention.repository';

export interface RetentionWindows {
  /** OUTBOX_RETENTION_DAYS: published outbox rows. */
  outboxDays: number;
  /** EVENT_LOG_RETENTION_DAYS: the Postgres event log and its dead letters. */
  eventLogDays: number;
}

const DAY_MS = 86_400_000;

/**
 * Enforces the session service's part of the retention schedule (docs/retention.md): completed
 * verifications' faces past their project's biometric retention go to the purge queue, published
 * outbox rows and old event log entries are deleted. Each run is bounded by batches and idempotent.
 */
export class RetentionSweeper {
  constructor(
    private readonly retention: RetentionRepository,
    private readonly pruneEventLog: (before: Date) => Promise<{ events: number; deadLetters: number }>,
    private readonly windows: RetentionWindows,
    private readonly logger: Logger,
  ) {}

  async sweepOnce(now = new Date()): Promise<{ faces: number; outbox: number; events: number; deadLetters: number }> {
    const faces = (await this.retention.purgeExpiredFaces(now)).length;
    const outbox = await this.retention.pruneOutbox(new Date(now.getTime() - this.windows.outboxDays * DAY_MS));
    const log = await this.pruneEventLog(new Date(now.getTime() - this.windows.eventLogDays * DAY_MS));
    const swept = { faces, outbox, ...log };
    if (faces || outbox || log.events || log.deadLetters) this.logger.info(swept, 'retention sweep');
    return swept;
  }
}
