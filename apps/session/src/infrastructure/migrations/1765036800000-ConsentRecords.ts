import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Spec 2.10: the end user's consent, one append-only row per wording consented to (the rows are
 * the record: a trigger refuses changing or deleting them), and the wording in force on the
 * session (userConsent, consentTimestamp).
 */
export class ConsentRecords1765036800000 implements MigrationInterface {
  name = 'ConsentRecords1765036800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE session.consents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL REFERENCES session.sessions (id),
        text_version text NOT NULL,
        locale text NOT NULL,
        ip_address text NOT NULL,
        user_agent text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX consents_session_idx ON session.consents (session_id, created_at)`);
    await queryRunner.query(`
      CREATE FUNCTION session.consents_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'session.consents is append-only';
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER consents_append_only BEFORE UPDATE OR DELETE ON session.consents FOR EACH ROW EXECUTE FUNCTION session.consents_are_append_only()`,
    );
    // The wording in force, beside the session's other fields (the rows above are the history).
    await queryRunner.query(
      `ALTER TABLE session.sessions ADD COLUMN consent_at timestamptz, ADD COLUMN consent_text_version text, ADD COLUMN consent_locale text`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE session.sessions DROP COLUMN consent_at, DROP COLUMN consent_text_version, DROP COLUMN consent_locale`,
    );
    await queryRunner.query(`DROP TABLE session.consents`);
    await queryRunner.query(`DROP FUNCTION session.consents_are_append_only()`);
  }
}
