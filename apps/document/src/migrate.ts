import { runMigrationStep } from '@kyc/persistence';
import { createDocumentDataSource } from './infrastructure/data-source';

runMigrationStep('document', createDocumentDataSource);
