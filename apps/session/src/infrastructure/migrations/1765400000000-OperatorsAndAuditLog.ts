import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operators of the admin API and the dashboard, their API tokens, and the audit log (issue 26,
 * item 9).
 *
 * - `operators`: one per person, unique by lower-cased e-mail; a role; the scrypt hash of the
 *   password (`scrypt$N$r$p$salt$hash`); active or disabled (never deleted: audit entries name them).
 * - `operator_tokens`: API tokens as SHA-256 digests (unique: the lookup key), several per
 *   operator so a token can be replaced without a gap; revoked with the operator.
 * - `admin_audit_log`: append-only. An identity column orders it (newest = largest id); a trigger
 *   refuses UPDATE and DELETE (and TRUNCATE) for every role, the service's own included, so no
 *   code path and no SQL session can rewrite history short of dropping the trigger.
 */
export class OperatorsAndAuditLog1765400000000 implements MigrationInterface {
  name = 'OperatorsAndAuditLog1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE session.operators (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL UNIQUE CHECK (email = lower(email)),
        role text NOT NULL CHECK (role IN ('admin', 'reviewer', 'read_only')),
        password_hash text NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
        created_by text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        disabled_at timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE session.operator_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        operator_id uuid NOT NULL REFERENCES session.operators (id),
        token_hash bytea NOT NULL UNIQUE,
        prefix text NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked')),
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX operator_tokens_operator_idx ON session.operator_tokens (operator_id)`);
    await queryRunner.query(`
      CREATE TABLE session.admin_audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        occurred_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        operator_id text NOT NULL,
        operator_role text NOT NULL,
        action text NOT NULL,
        target text NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('succeeded', 'denied', 'failed')),
        status_code integer NOT NULL,
        request_id text NOT NULL,
        channel text NOT NULL CHECK (channel IN ('api', 'cli'))
      )`);
    await queryRunner.query(`CREATE INDEX admin_audit_log_operator_idx ON session.admin_audit_log (operator_id, id DESC)`);
    await queryRunner.query(`CREATE INDEX admin_audit_log_action_idx ON session.admin_audit_log (action, id DESC)`);
    await queryRunner.query(`
      CREATE FUNCTION session.admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'session.admin_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER admin_audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON session.admin_audit_log
        FOR EACH ROW EXECUTE FUNCTION session.admin_audit_log_append_only()`);
    await queryRunner.query(`
      CREATE TRIGGER admin_audit_log_no_truncate BEFORE TRUNCATE ON session.admin_audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION session.admin_audit_log_append_only()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE session.admin_audit_log`);
    await queryRunner.query(`DROP FUNCTION session.admin_audit_log_append_only()`);
    await queryRunner.query(`DROP TABLE session.operator_tokens`);
    await queryRunner.query(`DROP TABLE session.operators`);
  }
}
