export { type EventBus, type EventEnvelope, type EventHandler, type Subscription, TOPICS } from './event-bus';
export { PostgresEventBus, appendToEventLog, createEventLogDataSource } from './postgres/postgres-event-bus';
export { markProcessed, PROCESSED_EVENTS_DDL } from './inbox';
