import { Client } from 'pg';
import { type DataSource, createServiceDataSource } from '@kyc/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { withServiceDatabase } from '../service-database';
import { startTestDatabase } from '../test-database';

class CreateProbe1700000000000 implements MigrationInterface {
  name = 'CreateProbe1700000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE probe.things (id integer PRIMARY KEY)');
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE probe.things');
  }
}

const probeDataSource = (url: string): DataSource =>
  createServiceDataSource({ schema: 'probe', databaseUrl: url, entities: [], migrations: [CreateProbe1700000000000] });

describe('withServiceDatabase', () => {
  const database = withServiceDatabase(probeDataSource);

  // Read at describe time, as a mistaken suite would: before beforeAll started the database.
  let earlyRead: unknown;
  try {
    earlyRead = database.dataSource;
  } catch (error) {
    earlyRead = error;
  }

  it('refuses to hand out the data source before the suite started', () => {
    expect(earlyRead).toEqual(new Error("dataSource is only available inside the suite's tests (after beforeAll)"));
  });

  it("gives a fresh database of the suite's own, migrated", async () => {
    expect(new URL(database.url).pathname).toMatch(/^\/kyc_test_[0-9a-f]{12}$/);
    await database.dataSource.query('INSERT INTO probe.things (id) VALUES (1)');
    expect(await database.dataSource.query('SELECT count(*)::int AS n FROM probe.things')).toEqual([{ n: 1 }]);
  });
});

describe('startTestDatabase', () => {
  it('creates one database per call and removes it on stop', async () => {
    const [first, second] = [await startTestDatabase(), await startTestDatabase()];
    try {
      expect(first.url).not.toBe(second.url);
      const client = new Client({ connectionString: first.url });
      await client.connect();
      await client.query('CREATE TABLE only_here (id integer)');
      await client.end();
      const other = new Client({ connectionString: second.url });
      await other.connect();
      const { rows } = await other.query(`SELECT to_regclass('public.only_here') AS found`);
      await other.end();
      expect(rows).toEqual([{ found: null }]);
    } finally {
      await first.stop();
      await second.stop();
    }
    const gone = new Client({ connectionString: first.url });
    await expect(gone.connect()).rejects.toThrow();
  }, 120_000);
});
