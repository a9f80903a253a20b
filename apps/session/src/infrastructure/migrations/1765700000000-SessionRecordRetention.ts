import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Session records' retention (docs/retention.md):
 *
 * - `sessions.personal_data_cleared_at`: when the retention sweep cleared a closed session's
 *   personal fields (client metadata, e-mail, device data; its attempts' extracted data and
 *   identity key). The row stays as a tombstone. An index finds the closed, uncleared ones.
 * - Consent records stay append-only, with one exception: a row older than 365 days may be
 *   deleted (the sweep deletes them after CONSENT_RETENTION_DAYS, once their session is cleared).
 *   Changing a row is still refused, and so is deleting a younger one, whoever asks.
 */
export class SessionRecordRetention1765700000000 implements MigrationInterface {
  name = 'SessionRecordRetention1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE session.sessions ADD COLUMN personal_data_cleared_at timestamptz`);
    await queryRunner.query(
      `CREATE INDEX sessions_closed_uncleared_idx ON session.sessions (updated_at)
        WHERE status IN ('completed', 'rejected', 'superseded', 'expired') AND personal_data_cleared_at IS NULL`,
    );
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION session.consents_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND OLD.created_at < now() - interval '365 days' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'session.consents is append-only';
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION session.consents_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'session.consents is append-only';
      END $$`);
    await queryRunner.query(`DROP INDEX session.sessions_closed_uncleared_idx`);
    await queryRunner.query(`ALTER TABLE session.sessions DROP COLUMN personal_data_cleared_at`);
  }
}
