import { ErrorCode, KycError } from '@kyc/errors';
import type { Logger } from '@kyc/logger';
import type { SessionRecord } from '../domain/session';
import type { SessionStore } from './ports/session-store';
import { applyTransition } from './session-transitions';
import { completedEvent, statusChangedEvent } from './verification-events';

export interface ReviewCommand {
  projectId: string;
  sessionId: string;
  decision: 'approve' | 'reject';
  reviewer: string;
  reason: string;
}

/**
 * A reviewer's decision on a session in manual_review (spec part 3). Approval completes it exactly
 * like an automatic approval (the completion webhook with the attempt's duplicate signal, billing
 * once); rejection closes it for good with verification.status_changed.
 */
export class ReviewSessionUseCase {
  constructor(
    private readonly sessions: SessionStore,
    private readonly logger: Logger,
  ) {}

  async execute(command: ReviewCommand): Promise<{ session: SessionRecord; attemptId: string }> {
    const reviewed = await this.sessions.transaction(async (tx) => {
      const current = await tx.findInProjectForUpdate(command.projectId, command.sessionId);
      if (current.status !== 'manual_review') throw new KycError(ErrorCode.SESSION_NOT_IN_REVIEW, `The session is ${current.status}`);
      const attempt = await tx.findAttempt(current.latestAttemptId);
      if (!attempt) throw new KycError(ErrorCode.INTERNAL, 'A session in review without an attempt');
      if (command.decision === 'approve') {
        const facts = {
          attemptId: attempt.id,
          confidence: attempt.confidence ?? 0,
          documentType: attempt.documentType ?? '',
          extractedData: attempt.extractedData,
          duplicateSuspected: attempt.duplicateSuspected,
        };
        const session = await applyTransition(tx, current, 'review_approved', {}, {}, () => completedEvent(current, facts));
        await tx.recordReview(attempt.id, { status: 'success', reviewer: command.reviewer, failureReason: null });
        return { session, attemptId: attempt.id };
      }
      const session = await applyTransition(tx, current, 'review_rejected', {}, {}, () =>
        statusChangedEvent(current, { rejectionReason: command.reason, reviewedBy: command.reviewer }),
      );
      await tx.recordReview(attempt.id, { status: 'rejected', reviewer: command.reviewer, failureReason: command.reason });
      return { session, attemptId: attempt.id };
    });
    this.logger.info(
      { sessionId: reviewed.session.id, decision: command.decision, status: reviewed.session.status },
      'review decision applied',
    );
    return reviewed;
  }
}
