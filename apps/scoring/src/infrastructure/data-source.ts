import { createServiceDataSource, type DataSource } from '@kyc/persistence';
import { CreateDecisions1763870400000 } from './migrations/1763870400000-CreateDecisions';

export function createScoringDataSource(databaseUrl: string): DataSource {
  return createServiceDataSource({ schema: 'scoring', databaseUrl, entities: [], migrations: [CreateDecisions1763870400000] });
}
