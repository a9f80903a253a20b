import type { Logger } from '@kyc/logger';
import type { DataSource } from '@kyc/persistence';
import { registerDeadLetterMetrics } from './dead-letters/dead-letter-metrics';
import type { EventBus } from './event-bus';
import { KafkaEventBus } from './kafka/kafka-event-bus';
import { PostgresEventBus } from './postgres/postgres-event-bus';

/**
 * Kafka when KAFKA_BROKERS is set (comma-separated host:port), else the embedded PostgreSQL
 * transport. `dataSource` is the service's own: on both transports it reaches the shared
 * `eventbus` schema, where the embedded log lives and where both write their dead letters (whose
 * pending count the process's /metrics reports).
 */
export function createEventBus(options: { kafkaBrokers?: string; clientId: string; dataSource: DataSource; logger: Logger }): EventBus {
  const brokers =
    options.kafkaBrokers
      ?.split(',')
      .map((b) => b.trim())
      .filter(Boolean) ?? [];
  registerDeadLetterMetrics(options.dataSource, options.logger);
  return brokers.length
    ? new KafkaEventBus(brokers, options.clientId, options.logger, options.dataSource)
    : new PostgresEventBus(options.dataSource, options.logger);
}
