import type { EnvironmentName } from '../../domain/environment';
import type { EnvironmentSettings } from '../../domain/environment-settings';
import type { AuthenticatedKey, IssuedPair, KeyRecord, ProjectRecord } from '../../domain/tenancy';

/** Accounts, projects and keys; secret keys are stored as hashes only. */
export interface TenancyStore {
  authenticate(secretKey: string): Promise<AuthenticatedKey | null>;
  createProject(name: string, accountName: string): Promise<{ project: ProjectRecord; pairs: IssuedPair[] }>;
  listProjects(): Promise<ProjectRecord[]>;
  /** NOT_FOUND when the project does not exist. */
  requireProject(projectId: string): Promise<ProjectRecord>;
  approveProject(projectId: string): Promise<ProjectRecord>;
  listKeys(projectId: string): Promise<KeyRecord[]>;
  /** Issues a new pair for the environment and revokes the previous active pair at once. */
  rotate(projectId: string, environment: EnvironmentName): Promise<IssuedPair>;
  revoke(projectId: string, keyId: string): Promise<KeyRecord>;
  /** The environment's settings (the defaults until changed); NOT_FOUND for an unknown project. */
  settings(projectId: string, environment: EnvironmentName): Promise<StoredSettings>;
  /** Writes the settings `change` computes from the current ones, under a lock on them. */
  updateSettings(
    projectId: string,
    environment: EnvironmentName,
    change: (current: EnvironmentSettings) => EnvironmentSettings,
  ): Promise<StoredSettings>;
}

export type StoredSettings = EnvironmentSettings & { updatedAt: Date | null };
