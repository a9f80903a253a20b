import { createEventBus } from '@kyc/events';
import { runGrpcService } from '@kyc/grpc';
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
    return [
      consumeCompletedVerifications(
        createEventBus({ kafkaBrokers: config.KAFKA_BROKERS, clientId: 'kyc-billing', dataSource, logger }),
        new BillingRepository(dataSource, config.BILLING_TRIAL_VERIFICATIONS),
      ),
    ];
  },
});
