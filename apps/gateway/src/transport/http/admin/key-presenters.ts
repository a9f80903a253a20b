import type { session } from '@kyc/contracts';
import { fromProtoEnvironment } from '../environment-mapping';

/** A freshly issued key pair: the only answer that ever carries the secret key (shown once). */
export function presentEnvironmentKeys(keys: session.EnvironmentKeys) {
  return {
    secretKey: keys.secretKey,
    publishableKey: keys.publishableKey,
    secretKeyId: keys.secretKeyId,
    publishableKeyId: keys.publishableKeyId,
  };
}

/** A stored key as listed: its prefix, never the secret. */
export function presentApiKey(key: session.ApiKey) {
  return {
    id: key.id,
    environment: fromProtoEnvironment(key.environment),
    kind: key.kind,
    prefix: key.prefix,
    status: key.status,
    createdAt: key.createdAt,
    revokedAt: key.revokedAt || null,
    ...(key.publishableKey ? { publishableKey: key.publishableKey } : {}),
  };
}
