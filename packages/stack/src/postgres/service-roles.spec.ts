import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../ports';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres';
import { provisionServiceRoles } from './service-roles';

/** Runs `sql` as whoever `url` names; answers the rows or the error's message. */
async function as(url: string, sql: string): Promise<unknown[] | string> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    return (await client.query(sql)).rows;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end();
  }
}

describe('one database role per schema (the launcher, on a real PostgreSQL)', () => {
  let dataDir: string;
  let database: EmbeddedDatabase;
  let urls: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-roles-'));
    database = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    // As a data directory from before roles: the event log and a document table made by the superuser.
    await as(database.url, `CREATE SCHEMA eventbus; CREATE TABLE eventbus.events (position bigserial PRIMARY KEY, body text)`);
    await as(database.url, `CREATE SCHEMA document; CREATE TABLE document.side_images (id int PRIMARY KEY, image text)`);
    await as(database.url, `INSERT INTO document.side_images VALUES (1, 'portrait')`);
    urls = await provisionServiceRoles(database.url, ['session', 'document']);
  }, 120_000);

  afterAll(async () => {
    await database?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the session service out of the document schema', async () => {
    expect(await as(urls.session!, `SELECT image FROM document.side_images`)).toMatch(/permission denied for schema document/);
    expect(await as(urls.session!, `CREATE TABLE document.stolen (id int)`)).toMatch(/permission denied for schema document/);
    expect(await as(urls.session!, `SELECT 1 FROM pg_tables WHERE schemaname = 'document'`)).toHaveLength(1); // the catalogue is public; the rows are not
  });

  it('gives each role its own schema, what was there before included, and the event log', async () => {
    expect(await as(urls.document!, `SELECT image FROM document.side_images`)).toEqual([{ image: 'portrait' }]);
    expect(await as(urls.document!, `ALTER TABLE document.side_images ADD COLUMN key_id text`)).toEqual([]);
    expect(await as(urls.session!, `CREATE TABLE session.sessions (id int)`)).toEqual([]);
    expect(await as(urls.session!, `INSERT INTO eventbus.events (body) VALUES ('e') RETURNING position`)).toEqual([{ position: '1' }]);
    expect(await as(urls.document!, `DROP TABLE eventbus.events`)).toMatch(/must be owner/);
    expect(await as(urls.document!, `CREATE ROLE intruder`)).toMatch(/permission denied/);
  });

  it('changes every password at the next start', async () => {
    const next = await provisionServiceRoles(database.url, ['session', 'document']);
    expect(await as(urls.session!, `SELECT 1`)).toMatch(/password authentication failed/);
    expect(await as(next.session!, `SELECT 1 AS ok`)).toEqual([{ ok: 1 }]);
    urls = next;
  });
});
