import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SecretRotation1765300000000 implements MigrationInterface {
  name = 'SecretRotation1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // After a rotation the previous secret keeps signing beside the new one (a second v1) until it expires.
    await queryRunner.query(
      `ALTER TABLE webhook.endpoints ADD COLUMN previous_secret text, ADD COLUMN previous_secret_expires_at timestamptz`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE webhook.endpoints DROP COLUMN previous_secret, DROP COLUMN previous_secret_expires_at`);
  }
}
