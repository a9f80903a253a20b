import { type DataSource, runMigrations } from '@kyc/persistence';
import { startTestDatabase, type TestDatabase } from './test-database';

/** A service's own schema on a real PostgreSQL, migrated, for one jest suite. */
export interface ServiceDatabase {
  /** The service's migrated data source; valid between the suite's beforeAll and afterAll. */
  readonly dataSource: DataSource;
  /** The database URL, for a service process the suite starts itself. */
  readonly url: string;
}

/**
 * The one bootstrap of an integration suite: call it in a `describe` and it registers the hooks
 * that start a fresh database (embedded PostgreSQL unless DATABASE_URL is set), run the service's
 * migrations, and tear both down after the suite.
 */
export function withServiceDatabase(createDataSource: (databaseUrl: string) => DataSource): ServiceDatabase {
  let database: TestDatabase | undefined;
  let dataSource: DataSource | undefined;
  beforeAll(async () => {
    database = await startTestDatabase();
    dataSource = createDataSource(database.url);
    await runMigrations(dataSource);
  }, 120_000);
  afterAll(async () => {
    if (dataSource?.isInitialized) await dataSource.destroy();
    await database?.stop();
  }, 60_000);
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is only available inside the suite's tests (after beforeAll)`);
    return value;
  };
  return {
    get dataSource() {
      return ready(dataSource, 'dataSource');
    },
    get url() {
      return ready(database?.url, 'url');
    },
  };
}
