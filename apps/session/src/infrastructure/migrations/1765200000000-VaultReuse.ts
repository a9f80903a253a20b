import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Vault reuse policy per project environment (domain/vault-reuse.ts).
 *
 * - `environment_settings`: on/off (off), the oldest earlier verification that may be reused in
 *   days (365), and whether a reused completion is billed (`charge`) or not (`free`).
 * - `sessions`: the same three as the session's snapshot at creation.
 * - `attempts`: `identity_key`, the identity hash of the document the attempt read (the one the
 *   biometrics duplicate index keeps), to find the same person's verifications under another
 *   e-mail; `reused_attempt_id`, the earlier attempt a reused completion took its data from.
 * - An index for the reuse lookup by e-mail within a project environment.
 */
export class VaultReuse1765200000000 implements MigrationInterface {
  name = 'VaultReuse1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE session.environment_settings
        ADD COLUMN vault_reuse_enabled boolean NOT NULL DEFAULT false,
        ADD COLUMN vault_reuse_max_age_days integer NOT NULL DEFAULT 365,
        ADD COLUMN vault_reuse_billing text NOT NULL DEFAULT 'charge' CHECK (vault_reuse_billing IN ('charge', 'free'))`);
    await queryRunner.query(`
      ALTER TABLE session.sessions
        ADD COLUMN vault_reuse_enabled boolean NOT NULL DEFAULT false,
        ADD COLUMN vault_reuse_max_age_days integer NOT NULL DEFAULT 365,
        ADD COLUMN vault_reuse_billing text NOT NULL DEFAULT 'charge'`);
    await queryRunner.query(`
      ALTER TABLE session.attempts
        ADD COLUMN identity_key text,
        ADD COLUMN reused_attempt_id uuid REFERENCES session.attempts (id)`);
    await queryRunner.query(
      `CREATE INDEX sessions_completed_email_idx ON session.sessions (project_id, environment, email) WHERE status = 'completed'`,
    );
    await queryRunner.query(`CREATE INDEX attempts_identity_key_idx ON session.attempts (identity_key) WHERE identity_key IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX session.attempts_identity_key_idx`);
    await queryRunner.query(`DROP INDEX session.sessions_completed_email_idx`);
    await queryRunner.query(`ALTER TABLE session.attempts DROP COLUMN reused_attempt_id, DROP COLUMN identity_key`);
    await queryRunner.query(
      `ALTER TABLE session.sessions DROP COLUMN vault_reuse_enabled, DROP COLUMN vault_reuse_max_age_days, DROP COLUMN vault_reuse_billing`,
    );
    await queryRunner.query(`
      ALTER TABLE session.environment_settings
        DROP COLUMN vault_reuse_enabled, DROP COLUMN vault_reuse_max_age_days, DROP COLUMN vault_reuse_billing`);
  }
}
