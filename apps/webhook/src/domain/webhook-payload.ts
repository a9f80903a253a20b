/** The JSON body of a delivery: a unique `id` kept across attempts, the status at `data.object.status`. */
export function webhookBody(event: { id: string; type: string; occurredAt: string; sessionId: string; environment: string; payload: Record<string, unknown> }): string {
  const { status, ...rest } = event.payload;
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created: Math.floor(Date.parse(event.occurredAt) / 1000),
    livemode: event.environment === 'live',
    data: { object: { id: event.sessionId, object: 'verification', status, ...rest } },
  });
}

export const DELIVERED_EVENT_TYPES = new Set(['verification.completed', 'verification.status_changed', 'verification.updated']);
