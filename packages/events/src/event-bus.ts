import type { EntityManager } from '@kyc/persistence';
import type { EventEnvelope } from './event-codec';

export type { EventEnvelope } from './event-codec';

/**
 * The event bus port. Services publish the envelopes their outbox holds and consume topics in
 * consumer groups; delivery is at-least-once and in order per topic, so handlers must be
 * idempotent (see `markProcessed`). On every transport an event travels as the
 * protobuf kyc.events.v1.EventEnvelope (see event-codec.ts). Transports: embedded PostgreSQL, Kafka.
 */
export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventBus {
  /**
   * Publishes events in order. `transaction` is the caller's database transaction: the embedded
   * transport appends inside it (exactly once); Kafka sends before the caller commits (at least once).
   */
  publish(topic: string, events: EventEnvelope[], transaction: EntityManager): Promise<void>;
  subscribe(group: string, topic: string, handler: EventHandler): Subscription;
  close(): Promise<void>;
}

/** A handler that keeps failing on one event is retried this often, then the event is skipped. */
export const MAX_HANDLER_FAILURES = 5;

/** Topics are per producing service. */
export const TOPICS = { session: 'kyc.session.events' } as const;
