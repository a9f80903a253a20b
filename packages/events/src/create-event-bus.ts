import type { Logger } from '@kyc/logger';
import type { DataSource } from '@kyc/persistence';
import type { EventBus } from './event-bus';
import { KafkaEventBus } from './kafka/kafka-event-bus';
import { PostgresEventBus } from './postgres/postgres-event-bus';

/**
 * Kafka when KAFKA_BROKERS is set (comma-separated host:port), else the embedded PostgreSQL
 * transport. `dataSource` is the service's own: on both transports it reaches the shared
 * `eventbus` schema, where the embedded log lives and where both write their dead letters.
 */
export function createEventBus(options: { kafkaBrokers?: string; clientId: string; dataSource: DataSource; logger: Logger }): EventBus {
  const brokers =
    options.kafkaBrokers
      ?.split(',')
      .map((b) => b.trim())
      .filter(Boolean) ?? [];
  return brokers.length
    ? new KafkaEventBus(brokers, options.clientId, options.logger, options.dataSource)
    : new PostgresEventBus(options.dataSource, options.logger);
}
