import { SERVICE_CALLERS } from './service-allow-list';
import { formatServicePublicKeys, generateServiceKeyPair } from './service-identity';

/**
 * Prints a fresh set of service keys as env-file lines, for docker compose (`--env-file`) and the
 * Helm chart's Secret (`kubectl create secret generic … --from-env-file`):
 *   node packages/grpc/dist/service-keys.js > service-keys.env
 * The launcher is left out: only `npm start` has one, and it makes its own keys at every start.
 * docs/operations.md, "Service keys", has the rotation.
 */
const callers = SERVICE_CALLERS.filter((caller) => caller !== 'launcher');
const pairs = callers.map((caller) => [caller, generateServiceKeyPair()] as const);
const lines = [
  `SERVICE_PUBLIC_KEYS=${formatServicePublicKeys(Object.fromEntries(pairs.map(([caller, pair]) => [caller, pair.publicKey])))}`,
  ...pairs.map(([caller, pair]) => `${caller.toUpperCase()}_SERVICE_PRIVATE_KEY=${pair.privateKey}`),
];
process.stdout.write(`${lines.join('\n')}\n`);
