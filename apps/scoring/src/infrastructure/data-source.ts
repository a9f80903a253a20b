import { createServiceDataSource, type DataSource } from '@kyc/persistence';
import { CreateDecisions1763870400000 } from './migrations/1763870400000-CreateDecisions';
import { PoliciesAndDecisionExplanations1764115200000 } from './migrations/1764115200000-PoliciesAndDecisionExplanations';

export function createScoringDataSource(databaseUrl: string): DataSource {
  return createServiceDataSource({
    schema: 'scoring',
    databaseUrl,
    entities: [],
    migrations: [CreateDecisions1763870400000, PoliciesAndDecisionExplanations1764115200000],
  });
}
