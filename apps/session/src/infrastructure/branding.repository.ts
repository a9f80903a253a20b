import { ErrorCode, KycError } from '@kyc/errors';
import { type DataSource, type EntityManager, returnedRows } from '@kyc/persistence';
import type { BrandingStore, LogoUpload, StoredBranding } from '../application/ports/branding-store';
import { DEFAULT_BRANDING, type Branding } from '../domain/branding';
import type { EnvironmentName } from '../domain/environment';

const BRANDING_COLUMNS = `b.project_id AS "projectId", b.environment, b.color_primary AS "colorPrimary", b.color_on_primary AS "colorOnPrimary",
  b.color_text AS "colorText", b.color_surface AS "colorSurface", b.color_background AS "colorBackground",
  b.corner_radius_px AS "cornerRadiusPx", b.font_family AS "fontFamily", b.logo_sha256 AS "logoSha256", b.updated_at AS "updatedAt"`;

/** Branding rows in the session schema, beside the tenancy they belong to. */
export class BrandingRepository implements BrandingStore {
  constructor(private readonly dataSource: DataSource) {}

  async branding(projectId: string, environment: EnvironmentName): Promise<StoredBranding> {
    await requireProject(this.dataSource.manager, projectId);
    const rows: StoredBranding[] = await this.dataSource.query(
      `SELECT ${BRANDING_COLUMNS} FROM session.environment_branding b WHERE b.project_id = $1 AND b.environment = $2`,
      [projectId, environment],
    );
    return rows[0] ?? defaultsFor(projectId, environment);
  }

  async brandingByPublishableKey(publishableKey: string): Promise<StoredBranding | null> {
    const keys: { projectId: string; environment: EnvironmentName }[] = await this.dataSource.query(
      `SELECT project_id AS "projectId", environment FROM session.api_keys
        WHERE kind = 'publishable' AND publishable_key = $1 AND status = 'active'`,
      [publishableKey],
    );
    const key = keys[0];
    return key ? this.branding(key.projectId, key.environment) : null;
  }

  updateBranding(
    projectId: string,
    environment: EnvironmentName,
    change: (current: Branding) => Branding,
    logo: LogoUpload | null,
  ): Promise<StoredBranding> {
    return this.dataSource.transaction(async (manager) => {
      await requireProject(manager, projectId);
      const d = DEFAULT_BRANDING;
      // The row exists before it is locked, so two first changes cannot both start from the defaults.
      await manager.query(
        `INSERT INTO session.environment_branding
           (project_id, environment, color_primary, color_on_primary, color_text, color_surface, color_background, corner_radius_px, font_family)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (project_id, environment) DO NOTHING`,
        [
          projectId,
          environment,
          d.colorPrimary,
          d.colorOnPrimary,
          d.colorText,
          d.colorSurface,
          d.colorBackground,
          d.cornerRadiusPx,
          d.fontFamily,
        ],
      );
      const [current]: StoredBranding[] = await manager.query(
        `SELECT ${BRANDING_COLUMNS} FROM session.environment_branding b WHERE b.project_id = $1 AND b.environment = $2 FOR UPDATE`,
        [projectId, environment],
      );
      if (logo)
        await manager.query(`INSERT INTO session.branding_logos (sha256, png) VALUES ($1, $2) ON CONFLICT (sha256) DO NOTHING`, [
          logo.sha256,
          logo.png,
        ]);
      const next = change(current);
      const [stored] = returnedRows<StoredBranding>(
        await manager.query(
          `UPDATE session.environment_branding b SET color_primary = $3, color_on_primary = $4, color_text = $5, color_surface = $6,
                  color_background = $7, corner_radius_px = $8, font_family = $9, logo_sha256 = $10, updated_at = now()
            WHERE b.project_id = $1 AND b.environment = $2 RETURNING ${BRANDING_COLUMNS}`,
          [
            projectId,
            environment,
            next.colorPrimary,
            next.colorOnPrimary,
            next.colorText,
            next.colorSurface,
            next.colorBackground,
            next.cornerRadiusPx,
            next.fontFamily,
            next.logoSha256,
          ],
        ),
      );
      if (current.logoSha256 && current.logoSha256 !== next.logoSha256)
        await manager.query(
          `DELETE FROM session.branding_logos l WHERE l.sha256 = $1
              AND NOT EXISTS (SELECT 1 FROM session.environment_branding b WHERE b.logo_sha256 = l.sha256)`,
          [current.logoSha256],
        );
      return stored;
    });
  }

  async logo(sha256: string): Promise<Buffer | null> {
    const rows: { png: Buffer }[] = await this.dataSource.query(`SELECT png FROM session.branding_logos WHERE sha256 = $1`, [sha256]);
    return rows[0]?.png ?? null;
  }
}

function defaultsFor(projectId: string, environment: EnvironmentName): StoredBranding {
  return { ...DEFAULT_BRANDING, projectId, environment, updatedAt: null };
}

async function requireProject(manager: EntityManager, projectId: string): Promise<void> {
  const rows: unknown[] = await manager.query(`SELECT 1 FROM session.projects WHERE id::text = $1`, [projectId]);
  if (!rows.length) throw new KycError(ErrorCode.NOT_FOUND, 'Project not found');
}
