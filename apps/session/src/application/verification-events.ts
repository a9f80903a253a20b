import type { document, scoring } from '@kyc/contracts';
import type { TypedEvent } from '@kyc/events';
import type { SessionRecord } from '../infrastructure/session.repository';

/**
 * The events that become webhooks (spec part 6), as kyc.events.v1 messages. Least data: never
 * the document number, never images; the extracted personal fields the integrator asked us to read.
 */
export function completedEvent(current: SessionRecord, attemptId: string, decision: scoring.Decision, evidence: document.DocumentEvidence, duplicateSuspected: boolean): TypedEvent<'verification.completed'> {
  return {
    type: 'verification.completed',
    payload: {
      status: 'completed',
      attemptId,
      decision: 'approved',
      confidence: decision.confidence,
      documentType: evidence.documentType,
      extractedData: evidence.analysed
        ? { fullName: evidence.fullName, firstName: evidence.firstName, lastName: evidence.lastName, dateOfBirth: evidence.dateOfBirth, nationality: evidence.nationality, sex: evidence.sex }
        : undefined,
      duplicate: { suspected: duplicateSuspected },
      clientMetadataJson: JSON.stringify(current.clientMetadata),
      testMode: current.testMode,
      // Proof-of-address uploads arrive with the device-side endpoints; until they exist no
      // session has PoA processing pending, so no completion is held.
      poaPending: false,
    },
  };
}

export function statusChangedEvent(current: SessionRecord, decision: scoring.Decision): TypedEvent<'verification.status_changed'> {
  return {
    type: 'verification.status_changed',
    payload: {
      status: 'rejected',
      rejectionReason: decision.rejectionReason || 'rejected by review',
      reviewedBy: decision.reviewedBy || 'reviewer',
      clientMetadataJson: JSON.stringify(current.clientMetadata),
      testMode: current.testMode,
    },
  };
}

export function updatedEvent(current: SessionRecord): TypedEvent<'verification.updated'> {
  return {
    type: 'verification.updated',
    payload: { status: current.status, change: 'clientMetadata', clientMetadataJson: JSON.stringify(current.clientMetadata), testMode: current.testMode },
  };
}
