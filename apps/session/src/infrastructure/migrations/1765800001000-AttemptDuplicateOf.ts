import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The earlier verifications a suspected duplicate matched (session ids of the same project
 * environment, from the biometrics service's duplicate check), so the reviewer's case view can
 * show the duplicate beside the earlier verification (issue 29). Ids only; attempts from before
 * have none.
 */
export class AttemptDuplicateOf1765800001000 implements MigrationInterface {
  name = 'AttemptDuplicateOf1765800001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE session.attempts ADD COLUMN duplicate_of jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE session.attempts DROP COLUMN duplicate_of`);
  }
}
