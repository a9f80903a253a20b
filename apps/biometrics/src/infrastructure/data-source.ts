import { createServiceDataSource, type DataSource } from '@kyc/persistence';
import { CreateSelfies1763870400000 } from './migrations/1763870400000-CreateSelfies';

export function createBiometricsDataSource(databaseUrl: string): DataSource {
  return createServiceDataSource({ schema: 'biometrics', databaseUrl, entities: [], migrations: [CreateSelfies1763870400000] });
}
