import { runMigrationStep } from '@kyc/persistence';
import { createGatewayDataSource } from './infrastructure/data-source';

runMigrationStep('gateway', createGatewayDataSource);
