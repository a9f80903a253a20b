import { ErrorCode, KycError } from '@kyc/errors';
import { type DataSource, type EntityManager, returnedRows } from '@kyc/persistence';
import type { StoredSettings, TenancyStore } from '../application/ports/tenancy-store';
import { DEFAULT_ENVIRONMENT_SETTINGS, type EnvironmentSettings } from '../domain/environment-settings';
import { hashSecretKey, issueKey } from '../domain/api-keys';
import { ENVIRONMENTS, type EnvironmentName } from '../domain/environment';
import type { AuthenticatedKey, IssuedPair, KeyRecord, ProjectRecord } from '../domain/tenancy';

const PROJECT_COLUMNS = `p.id, p.name, p.account_id AS "accountId", a.name AS "accountName", p.moderation_status AS "moderationStatus",
  p.created_at AS "createdAt"`;

const SETTINGS_COLUMNS = `poa_required AS "poaRequiredForVerification", poa_max_age_months AS "poaMaxAgeMonths",
  allow_manual_upload AS "allowManualUpload", vault_reuse_enabled AS "vaultReuseEnabled", vault_reuse_max_age_days AS "vaultReuseMaxAgeDays",
  vault_reuse_billing AS "vaultReuseBilling", biometric_retention_days AS "biometricRetentionDays", updated_at AS "updatedAt"`;

/** Accounts, projects and their keys (spec part 5). */
export class TenancyRepository implements TenancyStore {
  constructor(private readonly dataSource: DataSource) {}

  async authenticate(secretKey: string): Promise<AuthenticatedKey | null> {
    const rows: AuthenticatedKey[] = await this.dataSource.query(
      `SELECT k.id AS "keyId", k.project_id AS "projectId", k.environment, p.moderation_status AS "moderationStatus"
         FROM session.api_keys k JOIN session.projects p ON p.id = k.project_id
        WHERE k.secret_hash = $1 AND k.status = 'active'`,
      [hashSecretKey(secretKey)],
    );
    return rows[0] ?? null;
  }

  createProject(name: string, accountName: string): Promise<{ project: ProjectRecord; pairs: IssuedPair[] }> {
    return this.dataSource.transaction(async (manager) => {
      const [account]: { id: string }[] = await manager.query(`INSERT INTO session.accounts (name) VALUES ($1) RETURNING id`, [
        accountName,
      ]);
      const [{ id }]: { id: string }[] = await manager.query(
        `INSERT INTO session.projects (account_id, name) VALUES ($1, $2) RETURNING id`,
        [account.id, name],
      );
      const pairs: IssuedPair[] = [];
      for (const environment of ENVIRONMENTS) pairs.push(await this.insertPair(manager, id, environment));
      return { project: await this.findProject(manager, id), pairs };
    });
  }

  async listProjects(): Promise<ProjectRecord[]> {
    return this.dataSource.query(
      `SELECT ${PROJECT_COLUMNS} FROM session.projects p JOIN session.accounts a ON a.id = p.account_id ORDER BY p.created_at`,
    );
  }

  requireProject(projectId: string): Promise<ProjectRecord> {
    return this.findProject(this.dataSource.manager, projectId);
  }

  private async findProject(manager: EntityManager, projectId: string): Promise<ProjectRecord> {
    const rows: ProjectRecord[] = await manager.query(
      `SELECT ${PROJECT_COLUMNS} FROM session.projects p JOIN session.accounts a ON a.id = p.account_id WHERE p.id::text = $1`,
      [projectId],
    );
    if (!rows[0]) throw new KycError(ErrorCode.NOT_FOUND, 'Project not found');
    return rows[0];
  }

  async approveProject(projectId: string): Promise<ProjectRecord> {
    await this.requireProject(projectId);
    await this.dataSource.query(`UPDATE session.projects SET moderation_status = 'approved' WHERE id = $1`, [projectId]);
    return this.requireProject(projectId);
  }

  async listKeys(projectId: string): Promise<KeyRecord[]> {
    await this.requireProject(projectId);
    return this.dataSource.query(
      `SELECT id, environment, kind, prefix, status, publishable_key AS "publishableKey", created_at AS "createdAt", revoked_at AS "revokedAt"
         FROM session.api_keys WHERE project_id = $1 ORDER BY created_at, environment, kind`,
      [projectId],
    );
  }

  /** Issues a new pair for the environment and revokes the previous active pair at once. */
  rotate(projectId: string, environment: EnvironmentName): Promise<IssuedPair> {
    return this.dataSource.transaction(async (manager) => {
      await this.findProject(manager, projectId);
      await manager.query(
        `UPDATE session.api_keys SET status = 'revoked', revoked_at = now() WHERE project_id = $1 AND environment = $2 AND status = 'active'`,
        [projectId, environment],
      );
      return this.insertPair(manager, projectId, environment);
    });
  }

  async revoke(projectId: string, keyId: string): Promise<KeyRecord> {
    const rows = returnedRows<{ id: string }>(
      await this.dataSource.query(
        `UPDATE session.api_keys SET status = 'revoked', revoked_at = coalesce(revoked_at, now()) WHERE project_id::text = $1 AND id::text = $2 RETURNING id`,
        [projectId, keyId],
      ),
    );
    if (!rows.length) throw new KycError(ErrorCode.NOT_FOUND, 'Key not found in this project');
    const keys = await this.listKeys(projectId);
    return keys.find((k) => k.id === keyId)!;
  }

  async settings(projectId: string, environment: EnvironmentName): Promise<StoredSettings> {
    await this.requireProject(projectId);
    const rows: StoredSettings[] = await this.dataSource.query(
      `SELECT ${SETTINGS_COLUMNS} FROM session.environment_settings WHERE project_id = $1 AND environment = $2`,
      [projectId, environment],
    );
    return rows[0] ?? { ...DEFAULT_ENVIRONMENT_SETTINGS, updatedAt: null };
  }

  updateSettings(
    projectId: string,
    environment: EnvironmentName,
    change: (current: EnvironmentSettings) => EnvironmentSettings,
  ): Promise<StoredSettings> {
    return this.dataSource.transaction(async (manager) => {
      await this.findProject(manager, projectId);
      // The row exists before it is locked, so two first changes cannot both start from the defaults.
      await manager.query(
        `INSERT INTO session.environment_settings (project_id, environment) VALUES ($1, $2) ON CONFLICT (project_id, environment) DO NOTHING`,
        [projectId, environment],
      );
      const [current]: StoredSettings[] = await manager.query(
        `SELECT ${SETTINGS_COLUMNS} FROM session.environment_settings WHERE project_id = $1 AND environment = $2 FOR UPDATE`,
        [projectId, environment],
      );
      const next = change(current);
      const [stored] = returnedRows<StoredSettings>(
        await manager.query(
          `UPDATE session.environment_settings SET poa_required = $3, poa_max_age_months = $4, allow_manual_upload = $5,
                  vault_reuse_enabled = $6, vault_reuse_max_age_days = $7, vault_reuse_billing = $8,
                  biometric_retention_days = $9, updated_at = now()
            WHERE project_id = $1 AND environment = $2 RETURNING ${SETTINGS_COLUMNS}`,
          [
            projectId,
            environment,
            next.poaRequiredForVerification,
            next.poaMaxAgeMonths,
            next.allowManualUpload,
            next.vaultReuseEnabled,
            next.vaultReuseMaxAgeDays,
            next.vaultReuseBilling,
            next.biometricRetentionDays,
          ],
        ),
      );
      return stored;
    });
  }

  private async insertPair(manager: EntityManager, projectId: string, environment: EnvironmentName): Promise<IssuedPair> {
    const secret = issueKey('secret', environment);
    const publishable = issueKey('publishable', environment);
    const [s]: { id: string }[] = await manager.query(
      `INSERT INTO session.api_keys (project_id, environment, kind, prefix, secret_hash) VALUES ($1, $2, 'secret', $3, $4) RETURNING id`,
      [projectId, environment, secret.prefix, hashSecretKey(secret.value)],
    );
    const [p]: { id: string }[] = await manager.query(
      `INSERT INTO session.api_keys (project_id, environment, kind, prefix, publishable_key) VALUES ($1, $2, 'publishable', $3, $4) RETURNING id`,
      [projectId, environment, publishable.prefix, publishable.value],
    );
    return { environment, secret: { ...secret, id: s.id }, publishable: { ...publishable, id: p.id } };
  }
}
