import { runMigrations } from '@kyc/persistence';
import { loadBillingConfig } from './config';
import { createBillingDataSource } from './infrastructure/data-source';

/** The explicit migration step, run by the launcher or a deploy hook before the service starts. */
async function migrate(): Promise<void> {
  const dataSource = createBillingDataSource(loadBillingConfig().DATABASE_URL);
  const applied = await runMigrations(dataSource);
  await dataSource.destroy();
  console.log(JSON.stringify({ service: 'billing', migrationsApplied: applied }));
}

migrate().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
