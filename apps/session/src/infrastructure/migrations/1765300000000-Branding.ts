import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Branding of the hosted widget and QR pages per project environment (domain/branding.ts).
 *
 * - `environment_branding`: one row once an environment's branding is changed (the defaults
 *   apply until then); the colours are checked for contrast before they are written.
 * - `branding_logos`: PNG logos by their sha256, shared by environments that upload the same
 *   file; an unreferenced logo is deleted when its last environment replaces or removes it.
 */
export class Branding1765300000000 implements MigrationInterface {
  name = 'Branding1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE session.branding_logos (
        sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        png bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE session.environment_branding (
        project_id uuid NOT NULL REFERENCES session.projects (id),
        environment text NOT NULL CHECK (environment IN ('test', 'sandbox', 'live')),
        color_primary text NOT NULL,
        color_on_primary text NOT NULL,
        color_text text NOT NULL,
        color_surface text NOT NULL,
        color_background text NOT NULL,
        corner_radius_px integer NOT NULL CHECK (corner_radius_px BETWEEN 0 AND 32),
        font_family text NOT NULL,
        logo_sha256 text REFERENCES session.branding_logos (sha256),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, environment)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE session.environment_branding`);
    await queryRunner.query(`DROP TABLE session.branding_logos`);
  }
}
