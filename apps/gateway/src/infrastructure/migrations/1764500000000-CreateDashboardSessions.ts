import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's sign-in sessions (domain/dashboard-session.ts): the SHA-256 of the cookie's
 * random id, whose operator it is, when it was last used (idle timeout) and when it ends anyway.
 * In the gateway's schema because the cookie is the gateway's concern; the operator is checked
 * with the session service on every call, so a disabled operator is locked out at once.
 */
export class CreateDashboardSessions1764500000000 implements MigrationInterface {
  name = 'CreateDashboardSessions1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE gateway.dashboard_sessions (
        id_digest bytea PRIMARY KEY,
        operator_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX dashboard_sessions_expires_idx ON gateway.dashboard_sessions (expires_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE gateway.dashboard_sessions');
  }
}
