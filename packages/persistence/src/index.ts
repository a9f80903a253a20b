import { DataSource, type EntityManager, type MixedList, type EntitySchema, MigrationExecutor } from 'typeorm';

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
  /** Timeouts (ms) every connection of the pool gets; the defaults suit request-serving services. */
  timeouts?: Partial<DatabaseTimeouts>;
}

export interface DatabaseTimeouts {
  /** Waiting for a connection (from the pool or a new one) fails after this. */
  connectMs: number;
  /** Any one statement is cancelled by PostgreSQL after this. */
  statementMs: number;
  /** A transaction left idle this long (its client stuck or gone) is ended by PostgreSQL, releasing its locks. */
  idleInTransactionMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 30_000, idleInTransactionMs: 60_000 };

/** PostgreSQL settings of every service connection (libpq `options`: a space in a value is escaped). */
export const CONNECTION_OPTIONS = '-c default_transaction_isolation=read\\ committed';

/**
 * One data source per service: its own schema and migrations table, synchronize off, migrations
 * run as an explicit step (`runMigrations`) by the launcher or a deploy hook, never at import.
 */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts };
  return new DataSource({
    type: 'postgres',
    url: options.databaseUrl,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: `${options.schema}_migrations`,
    synchronize: false,
    migrationsRun: false,
    // Off: TypeORM's logger prints failed queries with their parameters (secrets, metadata, IPs) to stderr.
    // A failed query throws to its caller, whose structured logger writes the error without them.
    logging: false,
    extra: {
      max: options.poolSize ?? 10,
      // pg-pool closes a connection idle for 10 s by default; the pollers then open a new one within
      // seconds, and each open is a backend start and a SCRAM exchange (a few ms of CPU on both sides).
      idleTimeoutMillis: 120_000,
      // Idle connections alone never keep a process alive (a script or a test that ends its work exits at once).
      allowExitOnIdle: true,
      application_name: `kyc-${options.schema}`,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      // Every transaction is READ COMMITTED whatever the database's default says, set once when the
      // connection starts: a transaction that names its level costs a SET TRANSACTION round trip.
      options: CONNECTION_OPTIONS,
    },
  });
}

/** Creates the schema if needed and applies pending migrations; returns the names applied. */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const schema = (dataSource.options as { schema?: string }).schema;
  if (!dataSource.isInitialized) await dataSource.initialize();
  // Created only when missing: CREATE SCHEMA needs the database's CREATE privilege even with IF NOT EXISTS,
  // which a service's own role (the launcher's one role per schema) does not hold.
  const [{ present }] = (await dataSource.query(`SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1) AS present`, [schema])) as {
    present: boolean;
  }[];
  if (schema && !present) await dataSource.query(`CREATE SCHEMA "${schema}"`);
  // A migration may rewrite a large table: its connection has no statement timeout.
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SET statement_timeout = 0');
    const executor = new MigrationExecutor(dataSource, runner);
    executor.transaction = 'each';
    const applied = await executor.executePendingMigrations();
    return applied.map((m) => m.name);
  } finally {
    await runner.release();
  }
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

/** The pool under a TypeORM data source (node-postgres); only the calls preparedQuery needs. */
interface PgPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * A hot read as a named statement straight on the data source's pool: PostgreSQL parses and plans
 * it once per connection instead of per call, and TypeORM's query runner (a runner object, a pool
 * checkout and release, its result wrapping) is skipped. The same pool, so the same connection
 * settings and timeouts. `name` must be unique per `text` within the process; rows come back as
 * node-postgres parses them, as TypeORM's `query()` gives them.
 */
export async function preparedQuery<T>(dataSource: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  const pool = (dataSource.driver as unknown as { master?: PgPool }).master;
  if (!pool) throw new Error('preparedQuery needs an initialized PostgreSQL data source');
  return (await pool.query({ name, text, values })).rows as T[];
}

/**
 * TypeORM's `query()` answers `UPDATE`/`DELETE … RETURNING` with `[rows, affectedCount]` but
 * `SELECT`/`INSERT … RETURNING` with `rows`; this gives the rows either way.
 */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

export {
  SEALING_KEY_BYTES,
  type SealedValue,
  SealingKeyRing,
  UnsealError,
  type UnsealFailure,
  parseSealingKey,
  parseSealingKeyList,
} from './sealing-key-ring';
