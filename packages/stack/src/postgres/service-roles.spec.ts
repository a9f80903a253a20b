import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../ports';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres';
import { AUDIT_OWNER_ROLE, provisionServiceRoles, sealAuditLog } from './service-roles';

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

// The session service's migration (1765400000000-OperatorsAndAuditLog), run as the session role.
const AUDIT_LOG_DDL_OF_MIGRATION = `
      CREATE TABLE session.admin_audit_log (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, action text NOT NULL);
      CREATE FUNCTION session.admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'session.admin_audit_log is append-only: % refused', TG_OP; END $$;
      CREATE TRIGGER admin_audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON session.admin_audit_log
        FOR EACH ROW EXECUTE FUNCTION session.admin_audit_log_append_only();
      CREATE TRIGGER admin_audit_log_no_truncate BEFORE TRUNCATE ON session.admin_audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION session.admin_audit_log_append_only();
      INSERT INTO session.admin_audit_log (action) VALUES ('before the seal')`;

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

  it("takes the passwords it is given (compose's and the chart's secrets), quotes included, and rotates them", async () => {
    const given = await provisionServiceRoles(database.url, ['session', 'document'], { session: `it's "given"`, document: 'doc-pw' });
    expect(decodeURIComponent(new URL(given.session!).password)).toBe(`it's "given"`);
    expect(await as(given.session!, `SELECT current_user AS role`)).toEqual([{ role: 'kyc_session' }]);
    const rotated = await provisionServiceRoles(database.url, ['session', 'document'], { session: 'rotated', document: 'doc-pw' });
    expect(await as(given.session!, `SELECT 1`)).toMatch(/password authentication failed/);
    expect(await as(rotated.document!, `SELECT image FROM document.side_images`)).toEqual([{ image: 'portrait' }]);
    urls = rotated;
  });

  describe('the admin audit log, owned by kyc_audit_owner', () => {
    const AUDIT_LOG_DDL = AUDIT_LOG_DDL_OF_MIGRATION;
    const entries = async () => (await as(database.url, `SELECT action FROM session.admin_audit_log ORDER BY id`)) as { action: string }[];

    beforeAll(async () => {
      expect(await as(urls.session!, AUDIT_LOG_DDL)).not.toEqual(expect.any(String));
      // As the session role owns it, it can take the trigger away: the hole this closes.
      expect(
        await as(urls.session!, `BEGIN; DROP TRIGGER admin_audit_log_no_update_or_delete ON session.admin_audit_log; ROLLBACK`),
      ).not.toEqual(expect.any(String));
      await sealAuditLog(database.url);
    });

    it('lets the session role append and read, and refuses it UPDATE, DELETE, TRUNCATE, DROP TRIGGER, DISABLE TRIGGER and every DROP that takes the log', async () => {
      expect(await as(urls.session!, `INSERT INTO session.admin_audit_log (action) VALUES ('after the seal') RETURNING action`)).toEqual([
        { action: 'after the seal' },
      ]);
      expect(await as(urls.session!, `SELECT count(*)::int AS n FROM session.admin_audit_log`)).toEqual([{ n: 2 }]);
      const refusals = {
        update: await as(urls.session!, `UPDATE session.admin_audit_log SET action = 'forged'`),
        delete: await as(urls.session!, `DELETE FROM session.admin_audit_log`),
        truncate: await as(urls.session!, `TRUNCATE session.admin_audit_log`),
        dropTrigger: await as(urls.session!, `DROP TRIGGER admin_audit_log_no_update_or_delete ON session.admin_audit_log`),
        disableTrigger: await as(urls.session!, `ALTER TABLE session.admin_audit_log DISABLE TRIGGER ALL`),
        dropFunction: await as(urls.session!, `DROP FUNCTION session.admin_audit_log_append_only() CASCADE`),
        dropTable: await as(urls.session!, `DROP TABLE session.admin_audit_log`),
        dropSchema: await as(urls.session!, `DROP SCHEMA session CASCADE`),
        owner: await as(urls.session!, `ALTER TABLE session.admin_audit_log OWNER TO kyc_session`),
      };
      expect(refusals).toEqual({
        update: 'permission denied for table admin_audit_log',
        delete: 'permission denied for table admin_audit_log',
        truncate: 'permission denied for table admin_audit_log',
        dropTrigger: 'must be owner of relation admin_audit_log',
        disableTrigger: 'must be owner of table admin_audit_log',
        dropFunction: expect.stringMatching(/append-only: dropping .* is refused/),
        dropTable: 'the admin audit log is append-only: dropping session.admin_audit_log is refused',
        dropSchema: expect.stringMatching(/append-only: dropping .* is refused/),
        owner: 'must be owner of table admin_audit_log',
      });
      expect((await entries()).map((e) => e.action)).toEqual(['before the seal', 'after the seal']);
      expect(
        await as(database.url, `SELECT tableowner FROM pg_tables WHERE schemaname = 'session' AND tablename = 'admin_audit_log'`),
      ).toEqual([{ tableowner: AUDIT_OWNER_ROLE }]);
      expect(await as(database.url, `SELECT rolcanlogin FROM pg_roles WHERE rolname = '${AUDIT_OWNER_ROLE}'`)).toEqual([
        { rolcanlogin: false },
      ]);
    });

    it('stays sealed at the next start (the schema hand-over leaves it alone) and the session role still owns its other tables', async () => {
      urls = await provisionServiceRoles(database.url, ['session', 'document']);
      await sealAuditLog(database.url);
      expect(await as(urls.session!, `DELETE FROM session.admin_audit_log`)).toBe('permission denied for table admin_audit_log');
      expect(await as(urls.session!, `INSERT INTO session.admin_audit_log (action) VALUES ('next start') RETURNING action`)).toEqual([
        { action: 'next start' },
      ]);
      expect(await as(urls.session!, `DROP TABLE session.sessions`)).toEqual([]);
      // The superuser (an operator with the database's own credentials) still can, on purpose: that is outside the services.
      expect(await as(database.url, `SELECT count(*)::int AS n FROM session.admin_audit_log`)).toEqual([{ n: 3 }]);
    });
  });
});

describe('on a managed PostgreSQL: a master login with CREATEROLE, no superuser (its own cluster: roles are cluster-wide)', () => {
  let dataDir: string;
  let managed: EmbeddedDatabase;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-roles-managed-'));
    managed = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  }, 120_000);

  afterAll(async () => {
    await managed?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('works with a managed PostgreSQL master login (CREATEROLE, no superuser), the audit log sealed without the drop guard', async () => {
    await as(managed.url, `CREATE ROLE master LOGIN CREATEROLE PASSWORD 'master-pw'`);
    expect(await as(managed.url, `CREATE DATABASE managed OWNER master`)).toEqual([]);
    const master = new URL(managed.url);
    master.username = 'master';
    master.password = 'master-pw';
    master.pathname = '/managed';
    // The event log's migrations, as the master login.
    await as(master.toString(), `CREATE SCHEMA eventbus; CREATE TABLE eventbus.events (position bigserial PRIMARY KEY, body text)`);
    const logins = await provisionServiceRoles(master.toString(), ['session', 'scoring'], { session: 'session-pw', scoring: 'scoring-pw' });
    expect(await as(logins.session!, AUDIT_LOG_DDL_OF_MIGRATION)).not.toEqual(expect.any(String));
    expect(await sealAuditLog(master.toString())).toEqual({ dropGuard: false });
    expect(await as(logins.session!, `INSERT INTO session.admin_audit_log (action) VALUES ('managed') RETURNING action`)).toEqual([
      { action: 'managed' },
    ]);
    expect(await as(logins.session!, `DELETE FROM session.admin_audit_log`)).toBe('permission denied for table admin_audit_log');
    expect(await as(logins.session!, `DROP TRIGGER admin_audit_log_no_truncate ON session.admin_audit_log`)).toBe(
      'must be owner of relation admin_audit_log',
    );
    expect(await as(logins.scoring!, `SELECT 1 FROM session.admin_audit_log`)).toMatch(/permission denied for schema session/);
    expect(await as(logins.scoring!, `INSERT INTO eventbus.events (body) VALUES ('e') RETURNING body`)).toEqual([{ body: 'e' }]);
  });
});
