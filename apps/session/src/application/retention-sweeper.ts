import type { Logger } from '@kyc/logger';
import type { RetentionRepository } from '../infrastructure/retention.repository';

export interface RetentionWindows {
  /** OUTBOX_RETENTION_DAYS: published outbox rows. */
  outboxDays: number;
  /** EVENT_LOG_RETENTION_DAYS: the Postgres event log and its dead letters. */
  eventLogDays: number;
  /** SESSION_RECORD_RETENTION_DAYS: closed sessions' personal fields, counted from their last change. */
  sessionRecordDays: number;
  /** CONSENT_RETENTION_DAYS: consent records of cleared sessions, counted from the consent. */
  consentDays: number;
}

const DAY_MS = 86_400_000;

export interface SweepCounts {
  faces: number;
  outbox: number;
  events: number;
  deadLetters: number;
  sessionsCleared: number;
  consents: number;
}

/**
 * Enforces the session service's part of the retention schedule (docs/retention.md): completed
 * verifications' faces past their project's biometric retention go to the purge queue, published
 * outbox rows and old event log entries are deleted, closed sessions' personal fields are cleared
 * (the rows stay as tombstones) and their old consent records deleted. Each run is bounded by
 * batches and idempotent.
 */
export class RetentionSweeper {
  constructor(
    private readonly retention: RetentionRepository,
    private readonly pruneEventLog: (before: Date) => Promise<{ events: number; deadLetters: number }>,
    private readonly windows: RetentionWindows,
    private readonly logger: Logger,
  ) {}

  /**
   * One pass. The steps are independent: one that fails (say the event log's tables are
   * unreachable) does not keep personal data past its window; the pass then reports the failures.
   */
  async sweepOnce(now = new Date()): Promise<SweepCounts> {
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const failed: string[] = [];
    const step = async <T>(name: string, work: () => Promise<T>, none: T): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        failed.push(name);
        this.logger.error({ err: error, task: name }, 'retention sweep step failed');
        return none;
      }
    };
    const faces = await step('faces', async () => (await this.retention.purgeExpiredFaces(now)).length, 0);
    const outbox = await step('outbox', () => this.retention.pruneOutbox(daysAgo(this.windows.outboxDays)), 0);
    const log = await step('event log', () => this.pruneEventLog(daysAgo(this.windows.eventLogDays)), { events: 0, deadLetters: 0 });
    const sessionsCleared = await step(
      'session records',
      () => this.retention.clearEndedSessions(daysAgo(this.windows.sessionRecordDays)),
      0,
    );
    const consents = await step('consents', () => this.retention.pruneConsents(daysAgo(this.windows.consentDays)), 0);
    const swept = { faces, outbox, ...log, sessionsCleared, consents };
    if (Object.values(swept).some((count) => count > 0)) this.logger.info(swept, 'retention sweep');
    if (failed.length > 0) throw new Error(`retention sweep: ${failed.join(', ')} failed (the other steps ran)`);
    return swept;
  }
}
