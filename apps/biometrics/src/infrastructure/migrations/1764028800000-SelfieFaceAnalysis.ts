import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SelfieFaceAnalysis1764028800000 implements MigrationInterface {
  name = 'SelfieFaceAnalysis1764028800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE biometrics.selfies DROP CONSTRAINT selfies_liveness_status_check`);
    await queryRunner.query(
      `ALTER TABLE biometrics.selfies ADD CONSTRAINT selfies_liveness_status_check CHECK (liveness_status IN ('live', 'no_face', 'low_quality', 'not_performed'))`,
    );
    // The face descriptor (128 float32, little-endian) for matching; deleted with the selfie.
    await queryRunner.query(`ALTER TABLE biometrics.selfies ADD COLUMN embedding bytea`);
    await queryRunner.query(`ALTER TABLE biometrics.selfies ADD COLUMN quality_reasons text[] NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE biometrics.selfies ADD COLUMN face_count integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE biometrics.selfies DROP COLUMN face_count`);
    await queryRunner.query(`ALTER TABLE biometrics.selfies DROP COLUMN quality_reasons`);
    await queryRunner.query(`ALTER TABLE biometrics.selfies DROP COLUMN embedding`);
    await queryRunner.query(
      `UPDATE biometrics.selfies SET liveness_status = 'not_performed' WHERE liveness_status NOT IN ('live', 'not_performed')`,
    );
    await queryRunner.query(`ALTER TABLE biometrics.selfies DROP CONSTRAINT selfies_liveness_status_check`);
    await queryRunner.query(
      `ALTER TABLE biometrics.selfies ADD CONSTRAINT selfies_liveness_status_check CHECK (liveness_status IN ('live', 'not_performed'))`,
    );
  }
}
