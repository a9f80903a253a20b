import type { Logger } from '@kyc/logger';
import type { DataSource } from '@kyc/persistence';
import { postgresConsumerLag, registerConsumerLagMetrics } from './consumer-lag-metrics';
import { registerDeadLetterMetrics } from './dead-letters/dead-letter-metrics';
import type { EventBus } from './event-bus';
import { KafkaEventBus } from './kafka/kafka-event-bus';
import { PostgresEventBus } from './postgres/postgres-event-bus';
import { traceEventHandlers } from './traced-event-bus';

/**
 * Kafka when KAFKA_BROKERS is set (comma-separated host:port), else the embedded PostgreSQL
 * transport. `dataSource` is the service's own: on both transports it reaches the shared
 * `eventbus` schema, where the embedded log lives and where both write their dead letters (whose
 * pending count the process's /metrics reports, with each consumer group's lag). Each handler runs in a span that continues the
 * trace its event was recorded in (traced-event-bus.ts).
 */
export function createEventBus(options: { kafkaBrokers?: string; clientId: string; dataSource: DataSource; logger: Logger }): EventBus {
  const brokers =
    options.kafkaBrokers
      ?.split(',')
      .map((b) => b.trim())
      .filter(Boolean) ?? [];
  registerDeadLetterMetrics(options.dataSource, options.logger);
  if (!brokers.length) {
    registerConsumerLagMetrics(postgresConsumerLag(options.dataSource), options.logger);
    return traceEventHandlers(new PostgresEventBus(options.dataSource, options.logger), 'postgresql');
  }
  const kafka = new KafkaEventBus(brokers, options.clientId, options.logger, options.dataSource);
  registerConsumerLagMetrics(() => kafka.consumerLag(), options.logger);
  return traceEventHandlers(kafka, 'kafka');
}
