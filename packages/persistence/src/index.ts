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
