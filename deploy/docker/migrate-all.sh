#!/bin/sh
# The one-shot migrations of the scaled deployment (compose's `migrate` service, the Helm chart's
# pre-install/pre-upgrade Job): the event log's tables, then each app's own schema, as `npm start` runs
# them. The services never migrate on their own. Stops at the first failure, with its exit code.
#
# With DATABASE_URL_<APP> set (one login per service, docs/operations.md "Database logins"), DATABASE_URL
# is the migrating login: it creates or updates the role kyc_<app> of each URL with its password, each
# app migrates as its own role (the owner of its schema), and the admin audit log goes to
# kyc_audit_owner. Without them every app migrates as DATABASE_URL, as before.
set -eu
cd "$(dirname "$0")/../.."
node packages/events/dist/migrate.js
if [ -n "${DATABASE_URL_SESSION:-}" ]; then
  node packages/stack/dist/cli/provision-roles.js
fi
for app in gateway session document biometrics scoring billing webhook; do
  echo "migrating $app"
  key="DATABASE_URL_$(echo "$app" | tr '[:lower:]' '[:upper:]')"
  eval "app_url=\${$key:-}"
  DATABASE_URL="${app_url:-$DATABASE_URL}" node "apps/$app/dist/migrate.js"
done
if [ -n "${DATABASE_URL_SESSION:-}" ]; then
  node packages/stack/dist/cli/provision-roles.js --seal-audit-log
fi
echo "migrations applied"
