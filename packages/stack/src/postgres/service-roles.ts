import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The database role of an app's schema (the app's name is its schema's). */
export const serviceRoleName = (app: string) => `kyc_${app}`;

/** The shared event log (packages/events): every service reads and writes it, none owns it. */
const EVENT_LOG_SCHEMA = 'eventbus';

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

/**
 * One database role per schema, for the embedded PostgreSQL the launcher runs: `kyc_<app>` owns
 * schema `<app>` and everything in it (tables a data directory from before this got are handed
 * over), may use the event log's tables, and nothing else; the superuser keeps the cluster and
 * the event log. Each role gets a new random password at every start. Answers each app's URL.
 * Run after the event log's migrations, before the apps' (which then run as their schema's owner).
 */
export async function provisionServiceRoles(superuserUrl: string, apps: readonly string[]): Promise<Record<string, string>> {
  const client = new Client({ connectionString: superuserUrl });
  await client.connect();
  const urls: Record<string, string> = {};
  try {
    for (const app of apps) {
      if (!IDENTIFIER.test(app)) throw new Error(`"${app}" cannot name a schema`);
      const role = serviceRoleName(app);
      const password = randomBytes(24).toString('hex');
      await client.query(`DO $$ BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${role}; END IF;
      END $$`);
      await client.query(`ALTER ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD '${password}'`);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${app} AUTHORIZATION ${role}`);
      await client.query(`ALTER SCHEMA ${app} OWNER TO ${role}`);
      await client.query(handOver(app, role));
      await client.query(`GRANT USAGE ON SCHEMA ${EVENT_LOG_SCHEMA} TO ${role}`);
      await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${EVENT_LOG_SCHEMA} TO ${role}`);
      await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${EVENT_LOG_SCHEMA} TO ${role}`);
      const url = new URL(superuserUrl);
      url.username = role;
      url.password = password;
      urls[app] = url.toString();
    }
  } finally {
    await client.end();
  }
  return urls;
}

/** Ownership of what is already in the schema (tables, views, free sequences, functions, types) moves to its role. */
const handOver = (schema: string, role: string) => `DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = '${schema}' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
      AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')))
  LOOP
    EXECUTE format('ALTER %s %I.%I OWNER TO %I',
      CASE r.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END,
      '${schema}', r.relname, '${role}');
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = '${schema}'
  LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO %I', r.signature, '${role}');
  END LOOP;
  FOR r IN SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = '${schema}' AND t.typtype IN ('e', 'd')
  LOOP
    EXECUTE format('ALTER TYPE %I.%I OWNER TO %I', '${schema}', r.typname, '${role}');
  END LOOP;
END $$`;
