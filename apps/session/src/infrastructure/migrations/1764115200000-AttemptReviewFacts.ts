import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AttemptReviewFacts1764115200000 implements MigrationInterface {
  name = 'AttemptReviewFacts1764115200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Kept so that a reviewer's approval sends the same duplicate signal an automatic one would.
    await queryRunner.query(`ALTER TABLE session.attempts ADD COLUMN duplicate_suspected boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE session.attempts ADD COLUMN reviewed_by text`);
    await queryRunner.query(`ALTER TABLE session.attempts ADD COLUMN reviewed_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE session.attempts DROP COLUMN reviewed_at`);
    await queryRunner.query(`ALTER TABLE session.attempts DROP COLUMN reviewed_by`);
    await queryRunner.query(`ALTER TABLE session.attempts DROP COLUMN duplicate_suspected`);
  }
}
