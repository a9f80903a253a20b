import type { scoring } from '@kyc/contracts';
import type { TypedEvent } from '@kyc/events';
import { completionHeldForPoa } from '../domain/proof-of-address';
import type { SessionRecord } from '../domain/session';

/**
 * The events that become webhooks (spec part 6), as kyc.events.v1 messages. Least data: never
 * the document number, never images; the extracted personal fields the integrator asked us to read.
 */
/** What a completion webhook tells about the attempt, automatic or approved by a reviewer. */
export interface CompletionFacts {
  attemptId: string;
  confidence: number;
  documentType: string;
  /** The attempt's extracted data (the document number is dropped here, never pushed). */
  extractedData: Record<string, string> | null;
  duplicateSuspected: boolean;
  /** Vault reuse: the data is an earlier verification's; `freeOfCharge` when the environment's policy does not bill it. */
  reuse?: { freeOfCharge: boolean };
}

export function completedEvent(current: SessionRecord, facts: CompletionFacts): TypedEvent<'verification.completed'> {
  const data = facts.extractedData;
  return {
    type: 'verification.completed',
    payload: {
      status: 'completed',
      attemptId: facts.attemptId,
      decision: 'approved',
      confidence: facts.confidence,
      documentType: facts.documentType,
      extractedData: data
        ? {
            fullName: data.fullName ?? '',
            firstName: data.firstName ?? '',
            lastName: data.lastName ?? '',
            dateOfBirth: data.dateOfBirth ?? '',
            nationality: data.nationality ?? '',
            sex: data.sex ?? '',
          }
        : undefined,
      duplicate: { suspected: facts.duplicateSuspected },
      clientMetadataJson: JSON.stringify(current.clientMetadata),
      testMode: current.testMode,
      // Spec part 6, rule 3: held by the webhook service until verification.poa_completed.
      poaPending: completionHeldForPoa(current),
      isReused: facts.reuse !== undefined,
      freeOfCharge: facts.reuse?.freeOfCharge ?? false,
    },
  };
}

export function statusChangedEvent(
  current: SessionRecord,
  decision: Pick<scoring.Decision, 'rejectionReason' | 'reviewedBy'>,
): TypedEvent<'verification.status_changed'> {
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
    payload: {
      status: current.status,
      change: 'clientMetadata',
      clientMetadataJson: JSON.stringify(current.clientMetadata),
      testMode: current.testMode,
    },
  };
}

/** The session ended without a charge: billing gives back its reserved unit. Never a webhook. */
export function closedEvent(current: SessionRecord): TypedEvent<'verification.closed'> {
  return { type: 'verification.closed', payload: { status: current.status, testMode: current.testMode } };
}
