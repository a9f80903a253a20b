import { runMigrationStep } from '@kyc/persistence';
import { createScoringDataSource } from './infrastructure/data-source';

runMigrationStep('scoring', createScoringDataSource);
