import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A session's data generation counts its purges: uploads are analysed under the generation they
 * started in and refused if a purge happened meanwhile, and a purge deletes only the generations
 * up to the one it was asked for, never the uploads of a session reopened after a failure.
 */
export class DataGenerations1765008000000 implements MigrationInterface {
  name = 'DataGenerations1765008000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE session.sessions ADD COLUMN data_generation integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE session.purge_requests ADD COLUMN through_generation integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE session.purge_requests DROP COLUMN through_generation`);
    await queryRunner.query(`ALTER TABLE session.sessions DROP COLUMN data_generation`);
  }
}
