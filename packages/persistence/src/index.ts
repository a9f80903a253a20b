import { DataSource, type EntityManager, type MixedList, type EntitySchema } from 'typeorm';

export { DataSource, type EntityManager };

export interface ServiceDataSourceOptions {
  /** The service's own Postgres schema; nothing else is read or written. */
  schema: string;
  databaseUrl: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

/**
 * One data source per service: its own schema and migrations table, synchronize off, migrations
 * run as an explicit step (`runMigrations`) by the launcher or a deploy hook, never at import.
 */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.databaseUrl,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: `${options.schema}_migrations`,
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    extra: { max: options.poolSize ?? 10, application_name: `kyc-${options.schema}` },
  });
}

/** Creates the schema if needed and applies pending migrations; returns the names applied. */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const schema = (dataSource.options as { schema?: string }).schema;
  if (!dataSource.isInitialized) await dataSource.initialize();
  if (schema) await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((m) => m.name);
}

/** The migration entry point of a service (`node dist/migrate.js`): apply, report, exit. */
export function runMigrationStep(service: string, createDataSource: (databaseUrl: string) => DataSource): void {
  const databaseUrl = process.env.DATABASE_URL;
  const run = async () => {
    if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must be a postgres:// URL');
    const dataSource = createDataSource(databaseUrl);
    try {
      const applied = await runMigrations(dataSource);
      console.log(JSON.stringify({ service, migrationsApplied: applied }));
    } finally {
      if (dataSource.isInitialized) await dataSource.destroy();
    }
  };
  run().catch((error) => {
    console.error(`${service} migrations failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

/**
 * TypeORM's `query()` answers `UPDATE`/`DELETE … RETURNING` with `[rows, affectedCount]` but
 * `SELECT`/`INSERT … RETURNING` with `rows`; this gives the rows either way.
 */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
