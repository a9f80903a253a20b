import type { session, webhook } from '@kyc/contracts';
import { common } from '@kyc/contracts';
import { presentSessionHistory } from './review-presenters';

const summary: session.SessionSummary = {
  id: 's1',
  environment: common.ProjectEnvironment.PROJECT_ENVIRONMENT_SANDBOX,
  status: common.SessionStatus.SESSION_STATUS_REJECTED,
  testMode: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:05:00.000Z',
  expiresAt: '2026-11-27T11:00:00.000Z',
};

describe('presentSessionHistory', () => {
  it('merges transitions, attempts and deliveries oldest first, ties in that order, and shows what the pipeline decided before the review', () => {
    const history: session.SessionHistory = {
      session: summary,
      transitions: [
        { fromStatus: '', toStatus: 'pending', occurredAt: '2026-11-27T10:00:00.000Z' },
        { fromStatus: 'pending', toStatus: 'processing', occurredAt: '2026-11-27T10:01:00.000Z' },
        { fromStatus: 'processing', toStatus: 'manual_review', occurredAt: '2026-11-27T10:01:05.000Z' },
        { fromStatus: 'manual_review', toStatus: 'rejected', occurredAt: '2026-11-27T10:05:00.000Z' },
      ],
      attempts: [
        {
          id: 'a1',
          status: 'rejected',
          failureReason: 'document unreadable',
          createdAt: '2026-11-27T10:01:00.000Z',
          decidedAt: '2026-11-27T10:01:05.000Z',
          reviewedBy: 'op-1',
          reviewedAt: '2026-11-27T10:05:00.000Z',
        },
      ],
    };
    const delivery = {
      id: 'd1',
      eventId: 'e1',
      type: 'verification.status_changed',
      sessionId: 's1',
      status: 'delivered',
      attempts: 1,
      nextAttemptAt: '',
      createdAt: '2026-11-27T10:05:00.000Z',
      deliveredAt: '2026-11-27T10:05:01.000Z',
      attemptLog: [],
    } as webhook.Delivery;
    const { events } = presentSessionHistory(history, [delivery]);
    expect(events.map((e) => [e.kind, e.toStatus ?? e.attemptStatus ?? e.delivery?.type ?? null])).toEqual([
      ['transition', 'pending'],
      ['transition', 'processing'],
      ['attempt_started', null],
      ['transition', 'manual_review'],
      ['attempt_decided', 'manual_review'],
      ['transition', 'rejected'],
      ['reviewed', 'rejected'],
      ['webhook_delivery', 'verification.status_changed'],
    ]);
    expect(events.find((e) => e.kind === 'reviewed')).toMatchObject({ reviewedBy: 'op-1', failureReason: 'document unreadable' });
    expect(events[0].fromStatus).toBeNull();
  });
});
