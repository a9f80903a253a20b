import { ErrorCode, KycError } from '@kyc/errors';
import type { EnvironmentName } from '../domain/environment';
import type { AuthenticatedKey, IssuedPair, KeyRecord, ProjectRecord } from '../domain/tenancy';
import { changeSettings, DEFAULT_ENVIRONMENT_SETTINGS, type EnvironmentSettingsChange } from '../domain/environment-settings';
import type { StoredSettings, TenancyStore } from './ports/tenancy-store';

/** Administration of accounts, projects and keys (spec part 5; reached through /admin/v1). */
export class TenancyUseCases {
  constructor(private readonly tenancy: TenancyStore) {}

  async authenticate(secretKey: string): Promise<AuthenticatedKey> {
    const key = await this.tenancy.authenticate(secretKey);
    if (!key) throw new KycError(ErrorCode.UNAUTHENTICATED);
    return key;
  }

  createProject(name: string, accountName: string): Promise<{ project: ProjectRecord; pairs: IssuedPair[] }> {
    if (!name.trim()) throw new KycError(ErrorCode.VALIDATION_FAILED, 'name is required');
    return this.tenancy.createProject(name.trim(), (accountName || name).trim());
  }

  listProjects(): Promise<ProjectRecord[]> {
    return this.tenancy.listProjects();
  }

  getProject(projectId: string): Promise<ProjectRecord> {
    return this.tenancy.requireProject(projectId);
  }

  approveProject(projectId: string): Promise<ProjectRecord> {
    return this.tenancy.approveProject(projectId);
  }

  listKeys(projectId: string): Promise<KeyRecord[]> {
    return this.tenancy.listKeys(projectId);
  }

  rotate(projectId: string, environment: EnvironmentName): Promise<IssuedPair> {
    return this.tenancy.rotate(projectId, environment);
  }

  revoke(projectId: string, keyId: string): Promise<KeyRecord> {
    return this.tenancy.revoke(projectId, keyId);
  }

  settings(projectId: string, environment: EnvironmentName): Promise<StoredSettings> {
    return this.tenancy.settings(projectId, environment);
  }

  /** The change is validated before anything is written; sessions already created keep their settings. */
  async updateSettings(projectId: string, environment: EnvironmentName, change: EnvironmentSettingsChange): Promise<StoredSettings> {
    changeSettings(DEFAULT_ENVIRONMENT_SETTINGS, change);
    return this.tenancy.updateSettings(projectId, environment, (current) => changeSettings(current, change));
  }
}
