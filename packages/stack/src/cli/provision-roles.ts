import { commonEnv, loadConfig, z } from '@kyc/config';
import { provisionServiceRoles, sealAuditLog, serviceRoleName } from '../postgres/service-roles';

/**
 * The per-service database logins of compose and the Helm chart (deploy/docker/migrate-all.sh),
 * as `npm start` makes them: with `DATABASE_URL` the migrating (owner) login and
 * `DATABASE_URL_<APP>` each app's own URL, `provision-roles.js` creates or updates every role
 * `kyc_<app>` with the password its URL carries, hands it its schema and the event log's tables;
 * `provision-roles.js --seal-audit-log`, after the apps' migrations, hands the admin audit log to
 * `kyc_audit_owner`. Changing a password in the secret and running the migrations again rotates it.
 */
const APPS = ['gateway', 'session', 'document', 'biometrics', 'scoring', 'billing', 'webhook'] as const;
const urlKey = (app: string) => `DATABASE_URL_${app.toUpperCase()}`;

const appUrl = (app: string) =>
  commonEnv.DATABASE_URL.refine(
    (text) => {
      try {
        const url = new URL(text);
        return decodeURIComponent(url.username) === serviceRoleName(app) && url.password.length > 0;
      } catch {
        return false;
      }
    },
    `must log in as ${serviceRoleName(app)} with a password`,
  );

const schema = z.object({
  DATABASE_URL: commonEnv.DATABASE_URL,
  ...Object.fromEntries(APPS.map((app) => [urlKey(app), appUrl(app)])),
});

async function main(): Promise<void> {
  const config = loadConfig(schema, process.env, ['DATABASE_URL', ...APPS.map(urlKey)]) as Record<string, string>;
  const adminUrl = config.DATABASE_URL!;
  if (process.argv.includes('--seal-audit-log')) {
    const { dropGuard } = await sealAuditLog(adminUrl);
    console.log(
      `admin audit log owned by kyc_audit_owner${dropGuard ? '' : ' (no DROP guard: the migrating login is not a superuser, docs/operations.md)'}`,
    );
    return;
  }
  const passwords = Object.fromEntries(APPS.map((app) => [app, decodeURIComponent(new URL(config[urlKey(app)]!).password)]));
  await provisionServiceRoles(adminUrl, APPS, passwords);
  console.log(`database roles ready: ${APPS.map(serviceRoleName).join(', ')}`);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
