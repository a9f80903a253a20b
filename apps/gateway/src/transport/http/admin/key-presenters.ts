import type { session } from '@kyc/contracts';
import { fromProtoEnvironment } from '../environment-mapping';
import type { apiKeyResponse, environmentKeysResponse, projectResponse } from '../openapi/response-schemas';
import type { z } from 'zod';

/** A freshly issued key pair: the only answer that ever carries the secret key (shown once). */
export function presentEnvironmentKeys(keys: session.EnvironmentKeys): z.infer<typeof environmentKeysResponse> {
  return {
    secretKey: keys.secretKey,
    publishableKey: keys.publishableKey,
    secretKeyId: keys.secretKeyId,
    publishableKeyId: keys.publishableKeyId,
  };
}

/** A stored key as listed: its prefix, never the secret. */
export function presentApiKey(key: session.ApiKey): z.infer<typeof apiKeyResponse> {
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

/** A project as the admin API shows it: the message's fields, nothing the gRPC loader adds. */
export function presentProject(project: session.Project | undefined): z.infer<typeof projectResponse> {
  return {
    id: project?.id ?? '',
    name: project?.name ?? '',
    accountId: project?.accountId ?? '',
    accountName: project?.accountName ?? '',
    moderationStatus: project?.moderationStatus ?? '',
    createdAt: project?.createdAt ?? '',
  };
}
