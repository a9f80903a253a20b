import { type DynamicModule, Module } from '@nestjs/common';
import type { DataSource } from '@kyc/persistence';
import type { BillingConfig } from './config';
import { BillingRepository } from './infrastructure/billing.repository';
import { BillingGrpcController } from './transport/billing.grpc-controller';

@Module({})
export class BillingModule {
  static register(config: BillingConfig, dataSource: DataSource): DynamicModule {
    return {
      module: BillingModule,
      controllers: [BillingGrpcController],
      providers: [{ provide: BillingRepository, useValue: new BillingRepository(dataSource, config.BILLING_TRIAL_VERIFICATIONS) }],
    };
  }
}
