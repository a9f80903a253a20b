import { SERVICE_CALLERS, type ServiceCaller, isServiceCaller } from './service-allow-list';
import { type ServiceKeyPair, ServiceTokenSigner, formatServicePublicKeys, generateServiceKeyPair } from './service-identity';

/** The service-identity settings of one process: every gRPC service verifies, a caller also signs. */
export interface ServiceIdentityEnv {
  SERVICE_PUBLIC_KEYS: string;
  SERVICE_PRIVATE_KEY?: string;
}

/** A fresh Ed25519 key pair for every caller, as the launcher and the tests that spawn services use them. */
export interface ServiceKeySet {
  /** What `app` is started with (a caller also gets its private key). */
  env(app: string): ServiceIdentityEnv;
  /** A signer holding `caller`'s key: the launcher's own, or a test calling a service as the gateway does. */
  signer(caller: ServiceCaller): ServiceTokenSigner;
}

/**
 * Kept in memory only: the launcher makes a new set at every start (its processes restart with it),
 * so nothing has to survive the stack and no key lands on disk.
 */
export function generateServiceKeySet(): ServiceKeySet {
  const pairs = Object.fromEntries(SERVICE_CALLERS.map((caller) => [caller, generateServiceKeyPair()])) as Record<
    ServiceCaller,
    ServiceKeyPair
  >;
  const publicKeys = formatServicePublicKeys(Object.fromEntries(SERVICE_CALLERS.map((caller) => [caller, pairs[caller].publicKey])));
  return {
    env: (app) => ({ SERVICE_PUBLIC_KEYS: publicKeys, ...(isServiceCaller(app) ? { SERVICE_PRIVATE_KEY: pairs[app].privateKey } : {}) }),
    signer: (caller) => new ServiceTokenSigner(caller, pairs[caller].privateKey),
  };
}
