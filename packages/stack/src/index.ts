export { startStack, type RunningStack, type StackOptions, GRPC_SERVICES, ALL_APPS } from './stack';
export { type DevCredentials, type DevOperator, readCredentials, credentialsPath } from './credentials';
export { startEmbeddedPostgres, type EmbeddedDatabase } from './postgres/embedded-postgres';
export { freePort } from './ports';
export { checkReplicaLedgers, settledReplicaLedgers, ledgerHolds, type ReplicaLedgerReport } from './replica-checks';
