import { runMigrationStep } from '@kyc/persistence';
import { createSessionDataSource } from './infrastructure/data-source';

runMigrationStep('session', createSessionDataSource);
