import type { Logger } from '@kyc/logger';
import type { SessionStore } from './ports/session-store';

const BATCH = 100;

/** Why an attempt whose lease ran out is abandoned (kept on the attempt, never shown to the caller). */
export const LEASE_LAPSED = 'processing lease lapsed';

/**
 * A submit that dies between "processing" and its decision (the process killed, the machine gone)
 * would leave its session processing for ever, answering KYC_SESSION_PROCESSING to every call.
 * Each processing attempt holds a lease; this sweeper abandons attempts whose lease ran out and
 * gives the session back the status it had before the submit, so the caller can submit again.
 * A submit that was merely slow finds its attempt abandoned and discards its decision (the fence in
 * SubmitVerificationUseCase), so a session is never decided twice.
 */
export class LapsedAttemptSweeper {
  constructor(
    private readonly sessions: SessionStore,
    private readonly logger: Logger,
  ) {}

  sweepOnce(now = new Date()): Promise<number> {
    return this.sessions.transaction(async (tx) => {
      const lapsed = await tx.lockLapsedAttempts(now, BATCH);
      for (const attempt of lapsed) {
        await tx.abandonAttempt(attempt.attemptId, LEASE_LAPSED, attempt.previousStatus);
        this.logger.warn(
          { sessionId: attempt.sessionId, attemptId: attempt.attemptId, restoredTo: attempt.previousStatus },
          'processing lease lapsed: attempt abandoned, session restored',
        );
      }
      return lapsed.length;
    });
  }
}
