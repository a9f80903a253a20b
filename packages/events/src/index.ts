export { type EventBus, type EventEnvelope, type EventHandler, type Subscription, type SubscriptionOptions, TOPICS } from './event-bus';
export {
  DEFAULT_RETRY_POLICY,
  MAX_HANDLER_ATTEMPTS,
  RETRY_BASE_DELAY_MS,
  RETRY_MAX_DELAY_MS,
  RETRY_JITTER,
  type RetryPolicy,
  retryDelayMs,
} from './retry-policy';
export { DeadLetterStore, type DeadLetter, type DeadLetterFilter, type DeadLetterReason } from './dead-letters/dead-letter-store';
export { DEAD_LETTER_REPLAY_POLL_MS } from './dead-letters/dead-letter-replayer';
export { PostgresEventBus, type PollOutcome, appendToEventLog, createEventLogDataSource } from './postgres/postgres-event-bus';
export { pruneEventLog } from './postgres/event-log-retention';
export { KafkaEventBus } from './kafka/kafka-event-bus';
export { createEventBus } from './create-event-bus';
export { markProcessed, PROCESSED_EVENTS_DDL, processedEventRetention, pruneProcessedEvents } from './inbox';
export {
  encodeEvent,
  decodeEvent,
  EventDecodeError,
  isEventType,
  type EventPayloads,
  type EventType,
  type TypedEvent,
} from './event-codec';
