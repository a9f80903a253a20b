import { documentSides, type scoring, type session, type webhook, sessionStatuses } from '@kyc/contracts';
import type { z } from 'zod';
import type { reviewCaseResponse, reviewQueueResponse, sessionHistoryResponse } from '../openapi/response-schemas';
import { fromProtoEnvironment } from '../environment-mapping';
import { presentStoredDecision } from './scoring-presenters';
import { presentDelivery } from './webhooks.controller';

type CaseResponse = z.infer<typeof reviewCaseResponse>;
type HistoryEvent = z.infer<typeof sessionHistoryResponse>['events'][number];

const orNull = (value: string) => value || null;

function presentMark(mark: session.CaseMark): CaseResponse['openedBy'][number] {
  return { operatorId: mark.operatorId, operatorEmail: orNull(mark.operatorEmail), openedAt: mark.openedAt, expiresAt: mark.expiresAt };
}

function presentSession(summary: session.SessionSummary | undefined, inReviewSince: string): CaseResponse['session'] {
  if (!summary) throw new Error('a case without its session');
  return {
    id: summary.id,
    environment: fromProtoEnvironment(summary.environment),
    status: sessionStatuses.fromWire(summary.status),
    testMode: summary.testMode,
    createdAt: summary.createdAt,
    updatedAt: summary.updatedAt,
    expiresAt: summary.expiresAt,
    inReviewSince: orNull(inReviewSince),
  };
}

/** The queue of one environment: its count and oldest, and its items oldest first, each with its age at `now`. */
export function presentReviewQueue(
  queue: session.ReviewQueue,
  environment: session.ReviewQueueCount['environment'],
  now: Date,
): z.infer<typeof reviewQueueResponse> {
  const count = queue.counts.find((c) => c.environment === environment);
  return {
    environment: fromProtoEnvironment(environment),
    count: count?.count ?? 0,
    oldestInReviewSince: orNull(count?.oldestSince ?? ''),
    items: queue.items.map((item) => ({
      sessionId: item.sessionId,
      environment: fromProtoEnvironment(item.environment),
      testMode: item.testMode,
      createdAt: item.createdAt,
      inReviewSince: item.inReviewSince,
      ageSeconds: Math.max(0, Math.floor((now.getTime() - Date.parse(item.inReviewSince)) / 1000)),
      issueCodes: item.issueCodes,
      openedBy: item.openedBy.map(presentMark),
    })),
  };
}

/** The case view: evidence as read, the scoring runs with their explanation, the duplicate lines, and where each image is. */
export function presentReviewCase(
  reviewCase: session.ReviewCase,
  decisions: scoring.StoredDecision[],
  imageUrl: (name: string) => string,
): CaseResponse {
  const attempt = reviewCase.attempt;
  const presentedDecisions = decisions.map(presentStoredDecision);
  const latestForAttempt = presentedDecisions.find((d) => d.attemptId === attempt?.id) ?? presentedDecisions[0];
  return {
    session: presentSession(reviewCase.session, reviewCase.inReviewSince),
    attempt: attempt
      ? {
          id: attempt.id,
          status: attempt.status,
          confidence: attempt.hasConfidence ? attempt.confidence : null,
          documentType: orNull(attempt.documentType),
          faceMatchStatus: orNull(attempt.faceMatchStatus),
          faceMatchScore: attempt.hasFaceMatchScore ? attempt.faceMatchScore : null,
          failureReason: orNull(attempt.failureReason),
          issueCodes: attempt.issueCodes,
          extractedData: attempt.extractedData,
          duplicateSuspected: attempt.duplicateSuspected,
          createdAt: attempt.createdAt,
          decidedAt: orNull(attempt.decidedAt),
          reviewedBy: orNull(attempt.reviewedBy),
          reviewedAt: orNull(attempt.reviewedAt),
        }
      : null,
    openedBy: reviewCase.openedBy.map(presentMark),
    sides: reviewCase.sides.map((side) => ({
      side: documentSides.fromWire(side.side),
      detectedDocumentType: side.detectedDocumentType,
      detectionConfidence: side.detectionConfidence,
      extracted: side.extracted,
      mrz: side.mrzPresent ? { valid: side.mrzValid, failedCheckDigits: side.mrzFailedCheckDigits, fields: side.mrzFields } : null,
      viz: side.vizFields,
      problems: side.problems,
      imageAvailable: side.imageAvailable,
    })),
    signals: reviewCase.signals.map(({ code, kind, severity, scope, detail }) => ({ code, kind, severity, scope, detail })),
    decisions: presentedDecisions,
    duplicate: {
      suspected: attempt?.duplicateSuspected ?? false,
      earlierSessionIds: attempt?.duplicateOf ?? [],
      explanation: (latestForAttempt?.explanation ?? []).filter((line) => line.source === 'duplicate' || /duplicate/i.test(line.signal)),
    },
    images: reviewCase.images.map((name) => ({ name, url: imageUrl(name) })),
    imagesPurged: reviewCase.imagesPurged,
  };
}

/**
 * A session's history: its status transitions, its attempts (started, decided, reviewed) and the
 * webhook deliveries it caused, merged oldest first (ties keep that order: a transition before the
 * attempt it decided, before the delivery it caused).
 */
export function presentSessionHistory(
  history: session.SessionHistory,
  deliveries: webhook.Delivery[],
): z.infer<typeof sessionHistoryResponse> {
  const blank = {
    fromStatus: null,
    toStatus: null,
    attemptId: null,
    attemptStatus: null,
    reviewedBy: null,
    failureReason: null,
    delivery: null,
  };
  const events: HistoryEvent[] = [];
  for (const t of history.transitions)
    events.push({ ...blank, at: t.occurredAt, kind: 'transition', fromStatus: orNull(t.fromStatus), toStatus: t.toStatus });
  for (const a of history.attempts) {
    events.push({ ...blank, at: a.createdAt, kind: 'attempt_started', attemptId: a.id });
    if (a.decidedAt)
      events.push({
        ...blank,
        at: a.decidedAt,
        kind: 'attempt_decided',
        attemptId: a.id,
        // A reviewed attempt's status is the review's; what the pipeline decided then was manual_review.
        attemptStatus: a.reviewedAt ? 'manual_review' : a.status,
        failureReason: a.reviewedAt ? null : orNull(a.failureReason),
      });
    if (a.reviewedAt)
      events.push({
        ...blank,
        at: a.reviewedAt,
        kind: 'reviewed',
        attemptId: a.id,
        attemptStatus: a.status,
        reviewedBy: orNull(a.reviewedBy),
        failureReason: orNull(a.failureReason),
      });
  }
  for (const d of deliveries) events.push({ ...blank, at: d.createdAt, kind: 'webhook_delivery', delivery: presentDelivery(d) });
  const order = events.map((event, index) => ({ event, index, time: Date.parse(event.at) }));
  order.sort((a, b) => a.time - b.time || a.index - b.index);
  return { session: presentSession(history.session, ''), events: order.map((o) => o.event) };
}
