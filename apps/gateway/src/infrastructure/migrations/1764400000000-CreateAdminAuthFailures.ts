import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Failed admin authentications per subject (a source address or a credential digest) in fixed
 * windows, shared by every gateway replica (domain/admin-auth-throttle.ts).
 */
export class CreateAdminAuthFailures1764400000000 implements MigrationInterface {
  name = 'CreateAdminAuthFailures1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE gateway.admin_auth_failures (
        subject text NOT NULL,
        window_started_at timestamptz NOT NULL,
        failures integer NOT NULL,
        PRIMARY KEY (subject, window_started_at)
      )`);
    await queryRunner.query(`CREATE INDEX admin_auth_failures_started_idx ON gateway.admin_auth_failures (window_started_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE gateway.admin_auth_failures');
  }
}
