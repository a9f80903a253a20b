import type { session } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import type { EnvironmentName } from '../domain/environment';
import type { IssuedPair, KeyRecord, ProjectRecord, TenancyRepository } from '../infrastructure/tenancy.repository';
import { toProtoEnvironment } from '../transport/environment-mapping';

export function toProjectMessage(project: ProjectRecord): session.Project {
  return {
    id: project.id,
    name: project.name,
    accountId: project.accountId,
    accountName: project.accountName,
    moderationStatus: project.moderationStatus,
    createdAt: project.createdAt.toISOString(),
  };
}

export function toKeysMessage(pair: IssuedPair): session.EnvironmentKeys {
  return {
    environment: toProtoEnvironment(pair.environment),
    secretKey: pair.secret.value,
    publishableKey: pair.publishable.value,
    secretKeyId: pair.secret.id,
    publishableKeyId: pair.publishable.id,
  };
}

export function toApiKeyMessage(key: KeyRecord): session.ApiKey {
  return {
    id: key.id,
    environment: toProtoEnvironment(key.environment),
    kind: key.kind,
    prefix: key.prefix,
    status: key.status,
    createdAt: key.createdAt.toISOString(),
    revokedAt: key.revokedAt ? key.revokedAt.toISOString() : '',
    publishableKey: key.publishableKey ?? '',
  };
}

/** Administration of accounts, projects and keys (spec part 5; reached through /admin/v1). */
export class TenancyUseCases {
  constructor(private readonly tenancy: TenancyRepository) {}

  async authenticate(secretKey: string): Promise<session.AuthenticateApiKeyResponse> {
    const key = await this.tenancy.authenticate(secretKey);
    if (!key) throw new KycError(ErrorCode.UNAUTHENTICATED);
    return { principal: { projectId: key.projectId, environment: toProtoEnvironment(key.environment) }, keyId: key.keyId, moderationStatus: key.moderationStatus };
  }

  async createProject(name: string, accountName: string): Promise<session.ProjectWithKeys> {
    if (!name.trim()) throw new KycError(ErrorCode.VALIDATION_FAILED, 'name is required');
    const { project, pairs } = await this.tenancy.createProject(name.trim(), (accountName || name).trim());
    return { project: toProjectMessage(project), keys: pairs.map(toKeysMessage) };
  }

  async rotate(projectId: string, environment: EnvironmentName): Promise<session.EnvironmentKeys> {
    return toKeysMessage(await this.tenancy.rotate(projectId, environment));
  }
}
