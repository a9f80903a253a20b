import type { EventEnvelope } from '@kyc/events';

/** The events integrators receive (spec part 6); others (e.g. verification.poa_completed) stay internal. */
export type DeliveredEvent = EventEnvelope<'verification.completed' | 'verification.status_changed' | 'verification.updated'>;

export function isDeliveredEvent(event: EventEnvelope): event is DeliveredEvent {
  return event.type === 'verification.completed' || event.type === 'verification.status_changed' || event.type === 'verification.updated';
}

/** Client metadata travels as JSON text in the event; the webhook shows it as an object. */
function clientMetadataOf(json: string): unknown {
  if (!json) return {};
  try {
    return JSON.parse(json);
  } catch {
    return {};
  }
}

/** The verification object of a delivery: least data, never the document number or images. */
function verificationObject(event: DeliveredEvent): Record<string, unknown> {
  switch (event.type) {
    case 'verification.completed': {
      const { payload } = event;
      return {
        status: payload.status,
        attemptId: payload.attemptId,
        decision: payload.decision,
        confidence: payload.confidence,
        documentType: payload.documentType || null,
        extractedData: payload.extractedData ?? null,
        duplicate: { suspected: payload.duplicate?.suspected ?? false },
        // Completed by reusing an earlier verification of the same person (the vault reuse policy).
        isReused: payload.isReused ?? false,
        clientMetadata: clientMetadataOf(payload.clientMetadataJson),
        testMode: payload.testMode,
      };
    }
    case 'verification.status_changed': {
      const { payload } = event;
      return {
        status: payload.status,
        rejection_reason: payload.rejectionReason,
        reviewed_by: payload.reviewedBy,
        clientMetadata: clientMetadataOf(payload.clientMetadataJson),
        testMode: payload.testMode,
      };
    }
    case 'verification.updated': {
      const { payload } = event;
      return {
        status: payload.status,
        change: payload.change,
        clientMetadata: clientMetadataOf(payload.clientMetadataJson),
        testMode: payload.testMode,
      };
    }
  }
}

/** The JSON body of a delivery: a unique `id` kept across attempts, the status at `data.object.status`. */
export function webhookBody(event: DeliveredEvent): string {
  const { status, ...rest } = verificationObject(event);
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created: Math.floor(Date.parse(event.occurredAt) / 1000),
    livemode: event.environment === 'live',
    data: { object: { id: event.sessionId, object: 'verification', status, ...rest } },
  });
}
