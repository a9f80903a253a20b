import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBillingTables1763870400000 implements MigrationInterface {
  name = 'CreateBillingTables1763870400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE billing.accounts (
        project_id uuid NOT NULL,
        environment text NOT NULL CHECK (environment IN ('sandbox', 'live')),
        balance integer NOT NULL DEFAULT 0 CHECK (balance >= 0),
        trial_remaining integer NOT NULL CHECK (trial_remaining >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, environment)
      )`);
    await queryRunner.query(`
      CREATE TABLE billing.charges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL,
        environment text NOT NULL,
        session_id uuid NOT NULL UNIQUE,
        source text NOT NULL CHECK (source IN ('trial', 'balance')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE billing.top_ups (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL,
        environment text NOT NULL,
        amount integer NOT NULL CHECK (amount > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE billing.top_ups');
    await queryRunner.query('DROP TABLE billing.charges');
    await queryRunner.query('DROP TABLE billing.accounts');
  }
}
