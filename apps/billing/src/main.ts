import { runGrpcService } from '@kyc/grpc';
import { BillingModule } from './billing.module';
import { loadBillingConfig } from './config';
import { createBillingDataSource } from './infrastructure/data-source';

runGrpcService({
  service: 'billing',
  loadConfig: loadBillingConfig,
  createDataSource: createBillingDataSource,
  module: (config, dataSource) => BillingModule.register(config, dataSource),
});
