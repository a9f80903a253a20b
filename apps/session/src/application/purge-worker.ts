import type { Logger } from '@kyc/logger';
import type { ClaimedPurge, SessionStore } from './ports/session-store';
import type { ServiceClients } from './ports/service-clients';

const BATCH = 50;
/** A claimed purge is the worker's for this long; a worker that dies holding it loses it after. */
const CLAIM_MS = 60_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 10 * 60_000;

/** Exponential backoff with jitter: 1 s, 2 s, 4 s … capped at 10 minutes. */
export function purgeRetryDelayMs(tries: number, random = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, tries - 1));
  return Math.round(base * (0.5 + random() / 2));
}

/**
 * Drains the purge queue (written with the failure or expiry that asked for it): each target
 * service deletes the session's images, embeddings and extracted data, and the request stays due,
 * retried with backoff, until that service acknowledges. Purges are idempotent on every target.
 */
export class PurgeWorker {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clients: Pick<ServiceClients, 'document' | 'biometrics'>,
    private readonly logger: Logger,
  ) {}

  async drainOnce(now = new Date()): Promise<{ purged: number; failed: number }> {
    const claimed = await this.sessions.claimDuePurges(now, BATCH, CLAIM_MS);
    let purged = 0;
    for (const purge of claimed) {
      try {
        await this.purge(purge);
        await this.sessions.markPurged(purge);
        purged += 1;
      } catch (error) {
        await this.retryLater(purge, error);
      }
    }
    return { purged, failed: claimed.length - purged };
  }

  private purge({ target, sessionId, throughGeneration }: ClaimedPurge): Promise<unknown> {
    switch (target) {
      case 'document':
        // The evidence images: the document's sides, and the selfie image kept for the reviewer's
        // case view (issue 29; the embedding stays with the biometrics target). Both idempotent.
        return Promise.all([
          this.clients.document.purgeSession({ sessionId, throughGeneration }),
          this.clients.biometrics.dropSelfieImage({ sessionId }),
        ]);
      case 'biometrics':
        return this.clients.biometrics.purgeSession({ sessionId, throughGeneration });
      default: {
        const unknownTarget: never = target;
        throw new Error(`unknown purge target ${String(unknownTarget)}`);
      }
    }
  }

  private async retryLater(purge: ClaimedPurge, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const delayMs = purgeRetryDelayMs(purge.tries);
    this.logger.warn(
      { sessionId: purge.sessionId, target: purge.target, tries: purge.tries, retryInMs: delayMs, err: message },
      'purge not acknowledged; will retry',
    );
    await this.sessions.retryPurgeAt(purge, new Date(Date.now() + delayMs), message);
  }
}
