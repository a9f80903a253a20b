import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSessionTables1763870400000 implements MigrationInterface {
  name = 'CreateSessionTables1763870400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE session.accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE session.projects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES session.accounts (id),
        name text NOT NULL,
        moderation_status text NOT NULL DEFAULT 'pending_review' CHECK (moderation_status IN ('pending_review', 'approved', 'rejected')),
        allow_manual_upload boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Secret keys are stored only as SHA-256 digests (they are 192-bit random, so a fast hash is
    // enough); publishable keys are not secret and are kept whole.
    await queryRunner.query(`
      CREATE TABLE session.api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES session.projects (id),
        environment text NOT NULL CHECK (environment IN ('test', 'sandbox', 'live')),
        kind text NOT NULL CHECK (kind IN ('secret', 'publishable')),
        prefix text NOT NULL,
        secret_hash bytea UNIQUE,
        publishable_key text UNIQUE,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked')),
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        CHECK ((kind = 'secret') = (secret_hash IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX api_keys_project_idx ON session.api_keys (project_id, environment)`);
    await queryRunner.query(`
      CREATE TABLE session.sessions (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES session.projects (id),
        environment text NOT NULL CHECK (environment IN ('test', 'sandbox', 'live')),
        test_mode boolean NOT NULL,
        status text NOT NULL,
        client_metadata jsonb NOT NULL DEFAULT '{}',
        email text,
        language text NOT NULL,
        expiry_minutes integer NOT NULL CHECK (expiry_minutes BETWEEN 1 AND 60),
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        uploads jsonb NOT NULL DEFAULT '{}',
        document_type text,
        requires_back_side boolean,
        upload_problems jsonb NOT NULL DEFAULT '{}',
        action_cycles integer NOT NULL DEFAULT 0,
        next_action text,
        device_data jsonb NOT NULL DEFAULT '{}',
        latest_attempt_id uuid,
        user_consent boolean NOT NULL DEFAULT false,
        consent_timestamp timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX sessions_project_created_idx ON session.sessions (project_id, environment, created_at DESC)`);
    await queryRunner.query(
      `CREATE INDEX sessions_email_idx ON session.sessions (project_id, environment, email, status) WHERE email IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX sessions_open_expiry_idx ON session.sessions (expires_at) WHERE status IN ('pending', 'connected', 'failed', 'action_required')`,
    );
    await queryRunner.query(`
      CREATE TABLE session.attempts (
        id uuid PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES session.sessions (id),
        status text NOT NULL,
        confidence double precision,
        document_type text,
        face_match_status text,
        face_match_score double precision,
        poa_status text,
        failure_reason text,
        is_reused boolean NOT NULL DEFAULT false,
        extracted_data jsonb,
        issue_codes jsonb NOT NULL DEFAULT '[]',
        next_action text,
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX attempts_session_idx ON session.attempts (session_id, created_at)`);
    // Events others must hear about, written in the same transaction as the state change.
    await queryRunner.query(`
      CREATE TABLE session.outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        position bigserial NOT NULL,
        type text NOT NULL,
        session_id uuid NOT NULL,
        project_id uuid NOT NULL,
        environment text NOT NULL,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX outbox_unpublished_idx ON session.outbox (position) WHERE published_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['outbox', 'attempts', 'sessions', 'api_keys', 'projects', 'accounts']) {
      await queryRunner.query(`DROP TABLE session.${table}`);
    }
  }
}
