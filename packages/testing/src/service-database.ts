import { type DataSource, runMigrations } from '@kyc/persistence';
import { startTestDatabase, type TestDatabase } from './test-database';

/** A service's own schema on a real PostgreSQL, migrated, for one jest suite. */
export interface ServiceDatabase {
  /** The service's migrated data source (the first one given); valid between the suite's beforeAll and afterAll. */
  readonly dataSource: DataSource;
  /** Every data source, in the order given (e.g. the service's schema and the event log beside it). */
  readonly dataSources: readonly DataSource[];
  /** The database URL, for a service process the suite starts itself. */
  readonly url: string;
}

/**
 * The one bootstrap of an integration suite: call it in a `describe` and it registers the hooks
 * that start a fresh database (embedded PostgreSQL unless DATABASE_URL is set), run the service's
 * migrations, and tear both down after the suite.
 */
export function withServiceDatabase(
  ...createDataSources: [(databaseUrl: string) => DataSource, ...((databaseUrl: string) => DataSource)[]]
): ServiceDatabase {
  let database: TestDatabase | undefined;
  let dataSources: DataSource[] | undefined;
  beforeAll(async () => {
    database = await startTestDatabase();
    const url = database.url;
    dataSources = createDataSources.map((create) => create(url));
    for (const dataSource of dataSources) await runMigrations(dataSource);
  }, 120_000);
  afterAll(async () => {
    for (const dataSource of dataSources ?? []) if (dataSource.isInitialized) await dataSource.destroy();
    await database?.stop();
  }, 60_000);
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is only available inside the suite's tests (after beforeAll)`);
    return value;
  };
  return {
    get dataSource() {
      return ready(dataSources, 'dataSource')[0];
    },
    get dataSources() {
      return ready(dataSources, 'dataSources');
    },
    get url() {
      return ready(database?.url, 'url');
    },
  };
}
