import { createServiceDataSource, type DataSource } from '@kyc/persistence';
import { CreateEndpoints1763870400000 } from './migrations/1763870400000-CreateEndpoints';

export function createWebhookDataSource(databaseUrl: string): DataSource {
  return createServiceDataSource({ schema: 'webhook', databaseUrl, entities: [], migrations: [CreateEndpoints1763870400000] });
}
