import type { DataSource } from '@kyc/persistence';
import type { EnvironmentName } from '@kyc/contracts';

export interface EndpointRecord {
  url: string;
  updatedAt: Date;
}

export class EndpointRepository {
  constructor(private readonly dataSource: DataSource) {}

  async upsert(projectId: string, environment: EnvironmentName, url: string, secret: string): Promise<EndpointRecord> {
    const rows: EndpointRecord[] = await this.dataSource.query(
      `INSERT INTO webhook.endpoints (project_id, environment, url, secret) VALUES ($1, $2, $3, $4)
       ON CONFLICT (project_id, environment) DO UPDATE SET url = EXCLUDED.url, secret = EXCLUDED.secret, updated_at = now()
       RETURNING url, updated_at AS "updatedAt"`,
      [projectId, environment, url, secret],
    );
    return rows[0];
  }

  async find(projectId: string, environment: EnvironmentName): Promise<EndpointRecord | null> {
    const rows: EndpointRecord[] = await this.dataSource.query(
      `SELECT url, updated_at AS "updatedAt" FROM webhook.endpoints WHERE project_id::text = $1 AND environment = $2`,
      [projectId, environment],
    );
    return rows[0] ?? null;
  }
}
