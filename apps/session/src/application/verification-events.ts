import type { document, scoring } from '@kyc/contracts';
import type { SessionRecord } from '../infrastructure/session.repository';

/**
 * Outbox payloads of the events that become webhooks (spec part 6). Least data: never the
 * document number, never images; the extracted personal fields the integrator asked us to read.
 */
export function completedEventPayload(current: SessionRecord, attemptId: string, decision: scoring.Decision, evidence: document.DocumentEvidence): Record<string, unknown> {
  return {
    status: 'completed',
    attemptId,
    decision: 'approved',
    confidence: decision.confidence,
    documentType: evidence.documentType || null,
    extractedData: evidence.analysed
      ? { fullName: evidence.fullName, firstName: evidence.firstName, lastName: evidence.lastName, dateOfBirth: evidence.dateOfBirth, nationality: evidence.nationality, sex: evidence.sex }
      : null,
    duplicate: { suspected: false },
    clientMetadata: current.clientMetadata,
    testMode: current.testMode,
  };
}

export function statusChangedEventPayload(current: SessionRecord, decision: scoring.Decision): Record<string, unknown> {
  return {
    status: 'rejected',
    rejection_reason: decision.rejectionReason || 'rejected by review',
    reviewed_by: decision.reviewedBy || 'reviewer',
    clientMetadata: current.clientMetadata,
    testMode: current.testMode,
  };
}

export function updatedEventPayload(current: SessionRecord): Record<string, unknown> {
  return { status: current.status, change: 'clientMetadata', clientMetadata: current.clientMetadata, testMode: current.testMode };
}
