import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PROCESSED_EVENTS_DDL } from '@kyc/events';

export class FaceMatchAndDuplicates1764115200000 implements MigrationInterface {
  name = 'FaceMatchAndDuplicates1764115200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Duplicates are searched within one project environment.
    await queryRunner.query(`ALTER TABLE biometrics.selfies ADD COLUMN environment text`);
    // SHA-256 hashes only: the identity read from the document and the e-mail, set at submit.
    await queryRunner.query(`ALTER TABLE biometrics.selfies ADD COLUMN identity_key text NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE biometrics.selfies ADD COLUMN email_key text NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE biometrics.selfies ADD COLUMN match_status text`);
    await queryRunner.query(`ALTER TABLE biometrics.selfies ADD COLUMN match_score double precision`);
    await queryRunner.query(`ALTER TABLE biometrics.selfies ADD COLUMN duplicate_suspected boolean NOT NULL DEFAULT false`);
    // Set when the verification completed: only completed verifications are duplicate candidates.
    await queryRunner.query(`ALTER TABLE biometrics.selfies ADD COLUMN enrolled_at timestamptz`);
    await queryRunner.query(
      `CREATE INDEX selfies_enrolled_idx ON biometrics.selfies (project_id, environment) WHERE enrolled_at IS NOT NULL`,
    );
    await queryRunner.query(PROCESSED_EVENTS_DDL('biometrics'));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE biometrics.processed_events`);
    await queryRunner.query(`DROP INDEX biometrics.selfies_enrolled_idx`);
    for (const column of [
      'enrolled_at',
      'duplicate_suspected',
      'match_score',
      'match_status',
      'email_key',
      'identity_key',
      'environment',
    ]) {
      await queryRunner.query(`ALTER TABLE biometrics.selfies DROP COLUMN ${column}`);
    }
  }
}
