import type { session } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import type { Logger } from '@kyc/logger';
import type { SessionRepository } from '../infrastructure/session.repository';
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
  constructor(private readonly sessions: SessionRepository, private readonly logger: Logger) {}

  async execute(command: ReviewCommand): Promise<session.ReviewSessionResponse> {
    const reviewed = await this.sessions.transaction(async (manager) => {
      const current = await this.sessions.findInProjectForUpdate(manager, command.projectId, command.sessionId);
      if (current.status !== 'manual_review') throw new KycError(ErrorCode.SESSION_NOT_IN_REVIEW, `The session is ${current.status}`);
      const attempt = await this.sessions.findAttempt(current.latestAttemptId, manager);
      if (!attempt) throw new KycError(ErrorCode.INTERNAL, 'A session in review without an attempt');
      if (command.decision === 'approve') {
        const facts = { attemptId: attempt.id, confidence: attempt.confidence ?? 0, documentType: attempt.documentType ?? '', extractedData: attempt.extractedData, duplicateSuspected: attempt.duplicateSuspected };
        const applied = await applyTransition(this.sessions, manager, current, 'review_approved', {}, {}, () => completedEvent(current, facts));
        await this.sessions.recordReview(manager, attempt.id, { status: 'success', reviewer: command.reviewer, failureReason: null });
        return { session: applied.session, attemptId: attempt.id };
      }
      const applied = await applyTransition(this.sessions, manager, current, 'review_rejected', {}, {}, () => statusChangedEvent(current, { rejectionReason: command.reason, reviewedBy: command.reviewer }));
      await this.sessions.recordReview(manager, attempt.id, { status: 'rejected', reviewer: command.reviewer, failureReason: command.reason });
      return { session: applied.session, attemptId: attempt.id };
    });
    this.logger.info({ sessionId: reviewed.session.id, decision: command.decision, status: reviewed.session.status }, 'review decision applied');
    return { sessionId: reviewed.session.id, status: reviewed.session.status, verificationAttemptId: reviewed.attemptId };
  }
}

