import type { IssuedKey, KeyKind } from './api-keys';
import type { EnvironmentName } from './environment';

/** Accounts, projects and their keys (spec part 5). */
export interface ProjectRecord {
  id: string;
  name: string;
  accountId: string;
  accountName: string;
  moderationStatus: string;
  createdAt: Date;
}

export interface KeyRecord {
  id: string;
  environment: EnvironmentName;
  kind: KeyKind;
  prefix: string;
  status: 'active' | 'revoked';
  publishableKey: string | null;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface IssuedPair {
  environment: EnvironmentName;
  secret: IssuedKey & { id: string };
  publishable: IssuedKey & { id: string };
}

export interface AuthenticatedKey {
  keyId: string;
  projectId: string;
  environment: EnvironmentName;
  moderationStatus: string;
}
