import 'reflect-metadata';
import { startGrpcService } from '@kyc/grpc';
import { createLogger } from '@kyc/logger';
import { BillingModule } from './billing.module';
import { loadBillingConfig } from './config';
import { createBillingDataSource } from './infrastructure/data-source';

async function main(): Promise<void> {
  const config = loadBillingConfig();
  const logger = createLogger('billing', config.LOG_LEVEL);
  const dataSource = await createBillingDataSource(config.DATABASE_URL).initialize();
  await startGrpcService(BillingModule.register(config, dataSource), { service: 'billing', url: config.GRPC_URL, logger });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
