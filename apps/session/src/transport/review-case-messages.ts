import { type session, sessionStatuses } from '@kyc/contracts';
import type { CaseAttemptRecord, CaseMarkRecord, QueueView, SessionSummaryRecord } from '../application/review-cases.usecases';
import { REVIEW_MARK_TTL_MS } from '../application/review-cases.usecases';
import { toProtoEnvironment } from './environment-mapping';

const iso = (value: Date | string | null | undefined): string => (value ? new Date(value).toISOString() : '');

export function toSummaryMessage(record: SessionSummaryRecord): session.SessionSummary {
  return {
    id: record.id,
    environment: toProtoEnvironment(record.environment),
    status: sessionStatuses.toWire(record.status),
    testMode: record.testMode,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
    expiresAt: iso(record.expiresAt),
  };
}

export function toMarkMessage(mark: CaseMarkRecord): session.CaseMark {
  const openedAt = new Date(mark.openedAt);
  return {
    operatorId: mark.operatorId,
    operatorEmail: mark.operatorEmail ?? '',
    openedAt: openedAt.toISOString(),
    expiresAt: new Date(openedAt.getTime() + REVIEW_MARK_TTL_MS).toISOString(),
  };
}

export function toQueueMessage(queue: QueueView): session.ReviewQueue {
  return {
    items: queue.items.map((item) => ({
      sessionId: item.sessionId,
      environment: toProtoEnvironment(item.environment),
      createdAt: iso(item.createdAt),
      inReviewSince: iso(item.inReviewSince),
      issueCodes: item.issueCodes ?? [],
      openedBy: item.openedBy.map(toMarkMessage),
      testMode: item.testMode,
    })),
    counts: queue.counts.map((count) => ({
      environment: toProtoEnvironment(count.environment),
      count: count.count,
      oldestSince: iso(count.oldestSince),
    })),
  };
}

export function toCaseAttemptMessage(attempt: CaseAttemptRecord): session.CaseAttempt {
  return {
    id: attempt.id,
    status: attempt.status,
    confidence: attempt.confidence ?? 0,
    hasConfidence: attempt.confidence !== null && attempt.confidence !== undefined,
    documentType: attempt.documentType ?? '',
    faceMatchStatus: attempt.faceMatchStatus ?? '',
    faceMatchScore: attempt.faceMatchScore ?? 0,
    hasFaceMatchScore: attempt.faceMatchScore !== null && attempt.faceMatchScore !== undefined,
    failureReason: attempt.failureReason ?? '',
    issueCodes: attempt.issueCodes ?? [],
    extractedData: Object.fromEntries(
      Object.entries(attempt.extractedData ?? {}).filter(([, value]) => typeof value === 'string' && value !== ''),
    ),
    duplicateSuspected: attempt.duplicateSuspected,
    duplicateOf: attempt.duplicateOf ?? [],
    createdAt: iso(attempt.createdAt),
    decidedAt: iso(attempt.decidedAt),
    reviewedBy: attempt.reviewedBy ?? '',
    reviewedAt: iso(attempt.reviewedAt),
  };
}
