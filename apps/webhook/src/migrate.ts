import { runMigrationStep } from '@kyc/persistence';
import { createWebhookDataSource } from './infrastructure/data-source';

runMigrationStep('webhook', createWebhookDataSource);
