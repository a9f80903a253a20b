#!/bin/sh
# The one-shot migrations of the scaled deployment (compose's `migrate` service, the Helm chart's
# pre-install/pre-upgrade Job): the event log's tables, then each app's own schema, as `npm start` runs
# them. The services never migrate on their own. Stops at the first failure, with its exit code.
set -eu
cd "$(dirname "$0")/../.."
node packages/events/dist/migrate.js
for app in gateway session document biometrics scoring billing webhook; do
  echo "migrating $app"
  node "apps/$app/dist/migrate.js"
done
echo "migrations applied"
