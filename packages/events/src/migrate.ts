import { runMigrationStep } from '@kyc/persistence';
import { createEventLogDataSource } from './postgres/postgres-event-bus';

runMigrationStep('eventbus', createEventLogDataSource);
