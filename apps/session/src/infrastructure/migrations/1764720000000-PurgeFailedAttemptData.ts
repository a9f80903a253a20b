import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Spec part 3: a failed pipeline purges the extracted state. Attempts that failed before the submit stopped
 * storing it still carried their extracted data (names, document number); this deletes it. Not reversible.
 */
export class PurgeFailedAttemptData1764720000000 implements MigrationInterface {
  name = 'PurgeFailedAttemptData1764720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE session.attempts SET extracted_data = NULL WHERE status = 'failed' AND extracted_data IS NOT NULL`);
  }

  async down(): Promise<void> {
    // Purged data cannot come back.
  }
}
