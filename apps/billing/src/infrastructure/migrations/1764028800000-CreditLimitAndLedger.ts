import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreditLimitAndLedger1764028800000 implements MigrationInterface {
  name = 'CreditLimitAndLedger1764028800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Credit lets the balance go below zero (what is owed); creation stops at minus the limit.
    await queryRunner.query(`ALTER TABLE billing.accounts ADD COLUMN credit_limit integer NOT NULL DEFAULT 0 CHECK (credit_limit >= 0)`);
    await queryRunner.query(`ALTER TABLE billing.accounts DROP CONSTRAINT accounts_balance_check`);
    await queryRunner.query(`ALTER TABLE billing.charges DROP CONSTRAINT charges_source_check`);
    await queryRunner.query(
      `ALTER TABLE billing.charges ADD CONSTRAINT charges_source_check CHECK (source IN ('trial', 'balance', 'credit', 'unpaid'))`,
    );
    // The balance history: every change with the account as it stood afterwards.
    await queryRunner.query(`
      CREATE TABLE billing.ledger (
        id bigserial PRIMARY KEY,
        project_id uuid NOT NULL,
        environment text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('top_up', 'charge', 'trial_set', 'credit_limit_set')),
        amount integer NOT NULL,
        source text,
        session_id uuid,
        balance_after integer,
        trial_remaining_after integer,
        credit_limit_after integer,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX ledger_account_idx ON billing.ledger (project_id, environment, id DESC)`);
    // Earlier top-ups and charges join the history; what the account stood at then is unknown.
    await queryRunner.query(`
      INSERT INTO billing.ledger (project_id, environment, kind, amount, created_at)
      SELECT project_id, environment, 'top_up', amount, created_at FROM billing.top_ups ORDER BY created_at`);
    await queryRunner.query(`
      INSERT INTO billing.ledger (project_id, environment, kind, amount, source, session_id, created_at)
      SELECT project_id, environment, 'charge', CASE WHEN source = 'unpaid' THEN 0 ELSE -1 END, source, session_id, created_at FROM billing.charges ORDER BY created_at`);
    await queryRunner.query(`DROP TABLE billing.top_ups`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE billing.top_ups (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL,
        environment text NOT NULL,
        amount integer NOT NULL CHECK (amount > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `INSERT INTO billing.top_ups (project_id, environment, amount, created_at) SELECT project_id, environment, amount, created_at FROM billing.ledger WHERE kind = 'top_up'`,
    );
    await queryRunner.query('DROP TABLE billing.ledger');
    await queryRunner.query(`UPDATE billing.charges SET source = 'unpaid' WHERE source = 'credit'`);
    await queryRunner.query(`ALTER TABLE billing.charges DROP CONSTRAINT charges_source_check`);
    await queryRunner.query(
      `ALTER TABLE billing.charges ADD CONSTRAINT charges_source_check CHECK (source IN ('trial', 'balance', 'unpaid'))`,
    );
    await queryRunner.query(`UPDATE billing.accounts SET balance = 0 WHERE balance < 0`);
    await queryRunner.query(`ALTER TABLE billing.accounts ADD CONSTRAINT accounts_balance_check CHECK (balance >= 0)`);
    await queryRunner.query(`ALTER TABLE billing.accounts DROP COLUMN credit_limit`);
  }
}
