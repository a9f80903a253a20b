import { events as pb } from '@kyc/contracts';

/** The payload message of each event type (proto/kyc/events/v1/events.proto). */
export interface EventPayloads {
  'verification.completed': pb.VerificationCompleted;
  'verification.status_changed': pb.VerificationStatusChanged;
  'verification.updated': pb.VerificationUpdated;
  'verification.poa_completed': pb.VerificationPoaCompleted;
  'verification.closed': pb.VerificationClosed;
}

export type EventType = keyof EventPayloads;

interface PayloadCodec<T> {
  encode(message: T): { finish(): Uint8Array };
  decode(input: Uint8Array): T;
}

const PAYLOAD_CODECS: { [K in EventType]: PayloadCodec<EventPayloads[K]> } = {
  'verification.completed': pb.VerificationCompleted,
  'verification.status_changed': pb.VerificationStatusChanged,
  'verification.updated': pb.VerificationUpdated,
  'verification.poa_completed': pb.VerificationPoaCompleted,
  'verification.closed': pb.VerificationClosed,
};

export function isEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(PAYLOAD_CODECS, type);
}

/** Thrown for bytes that are not an envelope of a known event type (a poison message). */
export class EventDecodeError extends Error {}

interface EnvelopeFields {
  /** Unique per event; webhooks carry it as their `id`, consumers dedupe on it. */
  id: string;
  occurredAt: string;
  projectId: string;
  environment: string;
  /** The ordering key: one session's events stay in order. */
  sessionId: string;
  /** The W3C trace context of the operation that recorded the event; consumers continue its trace. */
  traceparent?: string;
}

/** An event type with its payload message; what a producer writes to its outbox. */
export type TypedEvent<T extends EventType = EventType> = { [K in T]: { type: K; payload: EventPayloads[K] } }[T];

/** An event as services handle it: the common envelope with its typed payload. */
export type EventEnvelope<T extends EventType = EventType> = { [K in T]: EnvelopeFields & TypedEvent<K> }[T];

/** The wire form on every transport: kyc.events.v1.EventEnvelope with the payload message inside. */
export function encodeEvent(event: EventEnvelope): Uint8Array {
  const codec = PAYLOAD_CODECS[event.type] as PayloadCodec<EventPayloads[EventType]>;
  const payload = codec.encode(event.payload).finish();
  return pb.EventEnvelope.encode({
    id: event.id,
    type: event.type,
    occurredAt: event.occurredAt,
    projectId: event.projectId,
    environment: event.environment,
    sessionId: event.sessionId,
    payload,
    traceparent: event.traceparent ?? '',
  }).finish();
}

export function decodeEvent(bytes: Uint8Array): EventEnvelope {
  let envelope: pb.EventEnvelope;
  try {
    envelope = pb.EventEnvelope.decode(bytes);
  } catch (error) {
    throw new EventDecodeError(`not an event envelope: ${(error as Error).message}`);
  }
  const { type } = envelope;
  if (!isEventType(type)) throw new EventDecodeError(`unknown event type "${type}"`);
  let payload: EventPayloads[EventType];
  try {
    payload = PAYLOAD_CODECS[type].decode(envelope.payload);
  } catch (error) {
    throw new EventDecodeError(`malformed ${type} payload: ${(error as Error).message}`);
  }
  return {
    id: envelope.id,
    type,
    occurredAt: envelope.occurredAt,
    projectId: envelope.projectId,
    environment: envelope.environment,
    sessionId: envelope.sessionId,
    payload,
    ...(envelope.traceparent ? { traceparent: envelope.traceparent } : {}),
  } as EventEnvelope;
}
