import { runMigrationStep } from '@kyc/persistence';
import { createBillingDataSource } from './infrastructure/data-source';

runMigrationStep('billing', createBillingDataSource);
