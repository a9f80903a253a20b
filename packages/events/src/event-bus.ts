import type { EntityManager } from '@kyc/persistence';
import type { EventEnvelope } from './event-codec';
import type { RetryPolicy } from './retry-policy';

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

/**
 * The failure policy of every subscription, on both transports: a handler that throws is called
 * again on the same event after a growing wait (retry-policy.ts: 200 ms doubling up to 30 s, with
 * jitter), later events of the partition (Kafka) or topic (embedded) waiting behind it; after
 * MAX_HANDLER_ATTEMPTS the event goes to `eventbus.dead_letters` with its bytes and last error and
 * the consumer moves on. Bytes that are not an event go there at once. An operator replays a dead
 * letter through the admin API (DeadLetterStore.requestReplay); the group's subscription runs its
 * handler on it (DeadLetterReplayer). Nothing is skipped without a dead letter.
 *
 * These options tune it per bus; the defaults are production's, tests shorten them.
 */
export interface SubscriptionOptions {
  retry?: Partial<RetryPolicy>;
  /** How often a subscription looks for dead letters marked for replay. */
  replayPollMs?: number;
}

/** Topics are per producing service. */
export const TOPICS = { session: 'kyc.session.events' } as const;
