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
 * the event log. Each role gets a new random password at every start, or the one `passwords`
 * names (compose and the Helm chart, from their secrets). Answers each app's URL.
 * Run after the event log's migrations, before the apps' (which then run as their schema's owner).
 */
export async function provisionServiceRoles(
  superuserUrl: string,
  apps: readonly string[],
  passwords: Readonly<Record<string, string>> = {},
): Promise<Record<string, string>> {
  const client = new Client({ connectionString: superuserUrl });
  await client.connect();
  const urls: Record<string, string> = {};
  try {
    const superuser = await isSuperuser(client);
    for (const app of apps) {
      if (!IDENTIFIER.test(app)) throw new Error(`"${app}" cannot name a schema`);
      const role = serviceRoleName(app);
      const password = passwords[app] ?? randomBytes(24).toString('hex');
      await client.query(`DO $$ BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${role}; END IF;
      END $$`);
      // A managed PostgreSQL's master user is no superuser: it may not name SUPERUSER, CREATEDB or
      // BYPASSRLS (the roles it makes never have them), and hands objects to a role only as a member.
      const attributes = superuser ? 'NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS' : 'NOCREATEROLE';
      await client.query(`ALTER ROLE ${role} LOGIN ${attributes} PASSWORD ${client.escapeLiteral(password)}`);
      if (!superuser) await client.query(`GRANT ${role} TO CURRENT_USER`);
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

/**
 * The role that owns the admin audit log (`session.admin_audit_log`) and its append-only trigger
 * function. Nobody logs in as it: the session service's role keeps INSERT and SELECT on the log,
 * so it can neither change nor delete an entry, nor drop or disable the trigger (both need the
 * table's owner).
 */
export const AUDIT_OWNER_ROLE = 'kyc_audit_owner';

/**
 * Hands the admin audit log to `kyc_audit_owner` once the session service's migrations made it
 * (run as the superuser after the migrations, at every start; idempotent). As the owner of schema
 * `session`, the session role could still drop the table, its trigger function or the whole
 * schema: an event trigger refuses any DROP that would take the log or its triggers with it.
 * Without the log (a database the session migrations have not reached) only the role is made.
 */
export async function sealAuditLog(superuserUrl: string, sessionRole = serviceRoleName('session')): Promise<{ dropGuard: boolean }> {
  const client = new Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    await client.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${AUDIT_OWNER_ROLE}') THEN CREATE ROLE ${AUDIT_OWNER_ROLE} NOLOGIN; END IF;
    END $$`);
    const [found] = (await client.query(`SELECT to_regclass('session.admin_audit_log') IS NOT NULL AS present`)).rows as {
      present: boolean;
    }[];
    if (!found?.present) return { dropGuard: false };
    const superuser = await isSuperuser(client);
    await client.query('BEGIN');
    if (!superuser) {
      // Without a superuser: the new owner must be able to create in the schema, and we must be a member of both roles.
      await client.query(`GRANT ${AUDIT_OWNER_ROLE}, ${sessionRole} TO CURRENT_USER`);
      await client.query(`GRANT CREATE ON SCHEMA session TO ${AUDIT_OWNER_ROLE}`);
    }
    await client.query(`ALTER TABLE session.admin_audit_log OWNER TO ${AUDIT_OWNER_ROLE}`);
    await client.query(`ALTER FUNCTION session.admin_audit_log_append_only() OWNER TO ${AUDIT_OWNER_ROLE}`);
    await client.query(`REVOKE ALL ON session.admin_audit_log FROM ${sessionRole}`);
    await client.query(`GRANT SELECT, INSERT ON session.admin_audit_log TO ${sessionRole}`);
    await client.query(`
      CREATE OR REPLACE FUNCTION public.kyc_keep_audit_log() RETURNS event_trigger LANGUAGE plpgsql AS $$
      DECLARE dropped record;
      BEGIN
        FOR dropped IN SELECT * FROM pg_event_trigger_dropped_objects() LOOP
          IF dropped.object_identity IN ('session.admin_audit_log', 'session.admin_audit_log_append_only()')
             OR (dropped.object_type = 'trigger' AND dropped.object_identity LIKE '% on session.admin_audit_log') THEN
            RAISE EXCEPTION 'the admin audit log is append-only: dropping % is refused', dropped.object_identity
              USING ERRCODE = 'insufficient_privilege';
          END IF;
        END LOOP;
      END $$`);
    // Event triggers need a superuser; a managed PostgreSQL's master user may not be one.
    if (superuser) {
      await client.query(`DROP EVENT TRIGGER IF EXISTS kyc_keep_audit_log`);
      await client.query(`CREATE EVENT TRIGGER kyc_keep_audit_log ON sql_drop EXECUTE FUNCTION public.kyc_keep_audit_log()`);
    }
    await client.query('COMMIT');
    return { dropGuard: superuser };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

async function isSuperuser(client: Client): Promise<boolean> {
  const [me] = (await client.query(`SELECT rolsuper FROM pg_roles WHERE rolname = current_user`)).rows as { rolsuper: boolean }[];
  return me?.rolsuper === true;
}

/**
 * Ownership of what is already in the schema (tables, views, free sequences, functions, types)
 * moves to its role; what the audit owner holds stays with it.
 */
const handOver = (schema: string, role: string) => `DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = '${schema}' AND c.relkind IN ('r', 'p', 'v', 'm', 'S') AND pg_get_userbyid(c.relowner) <> '${AUDIT_OWNER_ROLE}'
      AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')))
  LOOP
    EXECUTE format('ALTER %s %I.%I OWNER TO %I',
      CASE r.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END,
      '${schema}', r.relname, '${role}');
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = '${schema}' AND pg_get_userbyid(p.proowner) <> '${AUDIT_OWNER_ROLE}'
  LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO %I', r.signature, '${role}');
  END LOOP;
  FOR r IN SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = '${schema}' AND t.typtype IN ('e', 'd')
  LOOP
    EXECUTE format('ALTER TYPE %I.%I OWNER TO %I', '${schema}', r.typname, '${role}');
  END LOOP;
END $$`;
