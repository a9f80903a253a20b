import { runMigrationStep } from '@kyc/persistence';
import { createBiometricsDataSource } from './infrastructure/data-source';

runMigrationStep('biometrics', createBiometricsDataSource);
