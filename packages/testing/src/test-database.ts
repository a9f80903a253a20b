import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { freePort, startEmbeddedPostgres } from '@kyc/stack';

/** A free local port, for suites that start a server of their own. */
export { freePort };

export interface TestDatabase {
  /** URL of a database created for this suite alone. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A real PostgreSQL for integration tests: the one at DATABASE_URL when set, otherwise an
 * embedded server in a temporary directory. Each suite gets its own fresh database.
 */
export async function startTestDatabase(): Promise<TestDatabase> {
  let serverUrl = process.env.DATABASE_URL;
  let stopServer = async () => undefined as void;
  let dataDir: string | undefined;
  if (!serverUrl) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-test-pg-'));
    const server = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    serverUrl = server.url;
    stopServer = server.stop;
  }
  const name = `kyc_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async stop() {
      if (dataDir) {
        await stopServer();
        rmSync(dataDir, { recursive: true, force: true });
      } else {
        const cleanup = new Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      }
    },
  };
}
