import { createEventBus, processedEventRetention } from '@kyc/events';
import { PeriodicTask, runGrpcService } from '@kyc/grpc';
import { loadWebhookConfig } from './config';
import { createWebhookDataSource } from './infrastructure/data-source';
import { DeliveryRepository } from './infrastructure/delivery.repository';
import { DeliveryRetention } from './infrastructure/delivery-retention';
import { WebhookDispatcher } from './infrastructure/webhook-dispatcher';
import { WebhookMetrics } from './infrastructure/webhook-metrics';
import { consumeSessionEvents } from './transport/session-events.consumer';
import { WebhookModule } from './webhook.module';

runGrpcService({
  service: 'webhook',
  loadConfig: loadWebhookConfig,
  createDataSource: createWebhookDataSource,
  module: (config, dataSource) => WebhookModule.register(dataSource, config.WEBHOOK_ALLOW_PRIVATE_URLS),
  afterStart: (config, dataSource, logger) => {
    const deliveries = new DeliveryRepository(dataSource);
    const consumer = consumeSessionEvents(
      createEventBus({ kafkaBrokers: config.KAFKA_BROKERS, clientId: 'kyc-webhook', dataSource, logger }),
      deliveries,
    );
    const dispatcher = new WebhookDispatcher(deliveries, logger, {
      retryScheduleMs: config.WEBHOOK_RETRY_SCHEDULE_MS,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      concurrency: config.WEBHOOK_CONCURRENCY,
      allowPrivateUrls: config.WEBHOOK_ALLOW_PRIVATE_URLS,
      metrics: new WebhookMetrics(deliveries, logger),
    });
    dispatcher.start();
    const retention = new DeliveryRetention(dataSource);
    const prune = new PeriodicTask(
      'webhook delivery retention',
      () => retention.pruneEnded(new Date(Date.now() - config.WEBHOOK_DELIVERY_RETENTION_DAYS * 86_400_000)),
      config.RETENTION_SWEEP_INTERVAL_MS,
      logger,
    );
    prune.start();
    const inbox = new PeriodicTask(
      'processed event retention',
      processedEventRetention(dataSource, 'webhook', config.PROCESSED_EVENT_RETENTION_DAYS),
      config.PROCESSED_EVENT_SWEEP_INTERVAL_MS,
      logger,
    );
    inbox.start();
    return [consumer, dispatcher, prune, inbox];
  },
});
