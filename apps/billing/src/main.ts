import { createEventBus, processedEventRetention } from '@kyc/events';
import { PeriodicTask, runGrpcService } from '@kyc/grpc';
import { BillingModule } from './billing.module';
import { loadBillingConfig } from './config';
import { BillingRepository } from './infrastructure/billing.repository';
import { createBillingDataSource } from './infrastructure/data-source';
import { consumeCompletedVerifications } from './transport/completed-verifications.consumer';

runGrpcService({
  service: 'billing',
  loadConfig: loadBillingConfig,
  createDataSource: createBillingDataSource,
  module: (config, dataSource) => BillingModule.register(config, dataSource),
  afterStart: (config, dataSource, logger) => {
    const inbox = new PeriodicTask(
      'processed event retention',
      processedEventRetention(dataSource, 'billing', config.PROCESSED_EVENT_RETENTION_DAYS),
      config.PROCESSED_EVENT_SWEEP_INTERVAL_MS,
      logger,
    );
    inbox.start();
    return [
      consumeCompletedVerifications(
        createEventBus({ kafkaBrokers: config.KAFKA_BROKERS, clientId: 'kyc-billing', dataSource, logger }),
        new BillingRepository(dataSource, config.BILLING_TRIAL_VERIFICATIONS),
      ),
      inbox,
    ];
  },
});
