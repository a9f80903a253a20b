import { ErrorCode, KycError } from '@kyc/errors';
import { type DataSource, type EntityManager, returnedRows } from '@kyc/persistence';
import type { EnvironmentName } from '@kyc/contracts';
import { type EndpointChange, endpointChange } from '../domain/endpoint';

export interface EndpointRecord {
  url: string;
  updatedAt: Date;
  /** When the rotated-out secret stops signing; null when none signs beside the current one. */
  previousSecretExpiresAt: Date | null;
}

export interface EndpointSet extends EndpointRecord {
  change: EndpointChange;
  /** The new secret, only when this call created the endpoint. */
  issuedSecret: string | null;
}

const RECORD_COLUMNS = `url, updated_at AS "updatedAt",
  CASE WHEN previous_secret_expires_at > now() THEN previous_secret_expires_at END AS "previousSecretExpiresAt"`;

export class EndpointRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Sets the URL of an environment's endpoint (see `endpointChange`): the first endpoint gets
   * `issueSecret()`, the same URL changes nothing, another URL keeps the secret. The row lock
   * makes concurrent calls see each other.
   */
  set(projectId: string, environment: EnvironmentName, url: string, issueSecret: () => string): Promise<EndpointSet> {
    return this.dataSource.transaction(async (manager) => {
      const secret = issueSecret();
      const created: EndpointRecord[] = await manager.query(
        `INSERT INTO webhook.endpoints (project_id, environment, url, secret) VALUES ($1, $2, $3, $4)
         ON CONFLICT (project_id, environment) DO NOTHING RETURNING ${RECORD_COLUMNS}`,
        [projectId, environment, url, secret],
      );
      if (created.length) return { ...created[0], change: 'created', issuedSecret: secret };
      const current = await this.lock(manager, projectId, environment);
      const change = endpointChange(current.url, url);
      if (change === 'unchanged') return { ...current, change, issuedSecret: null };
      const updated = returnedRows<EndpointRecord>(
        await manager.query(
          `UPDATE webhook.endpoints SET url = $3, updated_at = now() WHERE project_id = $1 AND environment = $2 RETURNING ${RECORD_COLUMNS}`,
          [projectId, environment, url],
        ),
      );
      return { ...updated[0], change, issuedSecret: null };
    });
  }

  /**
   * Replaces the secret; the one it replaces keeps signing beside it for `overlapSeconds` (0:
   * not at all). A secret already rotated out is dropped: at most two sign at once.
   */
  async rotateSecret(projectId: string, environment: EnvironmentName, secret: string, overlapSeconds: number): Promise<EndpointRecord> {
    const rows: EndpointRecord[] = returnedRows<EndpointRecord>(
      await this.dataSource.query(
        `UPDATE webhook.endpoints
            SET previous_secret = CASE WHEN $4::int > 0 THEN secret END,
                previous_secret_expires_at = CASE WHEN $4::int > 0 THEN now() + make_interval(secs => $4::int) END,
                secret = $3, updated_at = now()
          WHERE project_id::text = $1 AND environment = $2
        RETURNING ${RECORD_COLUMNS}`,
        [projectId, environment, secret, overlapSeconds],
      ),
    );
    if (!rows.length) throw new KycError(ErrorCode.NOT_FOUND, 'No webhook endpoint is set for this environment');
    return rows[0];
  }

  async find(projectId: string, environment: EnvironmentName): Promise<EndpointRecord | null> {
    const rows: EndpointRecord[] = await this.dataSource.query(
      `SELECT ${RECORD_COLUMNS} FROM webhook.endpoints WHERE project_id::text = $1 AND environment = $2`,
      [projectId, environment],
    );
    return rows[0] ?? null;
  }

  private async lock(manager: EntityManager, projectId: string, environment: EnvironmentName): Promise<EndpointRecord> {
    const rows: EndpointRecord[] = await manager.query(
      `SELECT ${RECORD_COLUMNS} FROM webhook.endpoints WHERE project_id = $1 AND environment = $2 FOR UPDATE`,
      [projectId, environment],
    );
    return rows[0];
  }
}
