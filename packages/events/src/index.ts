export { type EventBus, type EventEnvelope, type EventHandler, type Subscription, TOPICS, MAX_HANDLER_FAILURES } from './event-bus';
export { PostgresEventBus, appendToEventLog, createEventLogDataSource } from './postgres/postgres-event-bus';
export { KafkaEventBus } from './kafka/kafka-event-bus';
export { createEventBus } from './create-event-bus';
export { markProcessed, PROCESSED_EVENTS_DDL } from './inbox';
export { encodeEvent, decodeEvent, EventDecodeError, isEventType, type EventPayloads, type EventType, type TypedEvent } from './event-codec';
