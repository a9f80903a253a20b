import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateEndpoints1763870400000 implements MigrationInterface {
  name = 'CreateEndpoints1763870400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The secret must stay usable for signing, so it cannot be hashed; encryption at rest comes with delivery.
    await queryRunner.query(`
      CREATE TABLE webhook.endpoints (
        project_id uuid NOT NULL,
        environment text NOT NULL CHECK (environment IN ('test', 'sandbox', 'live')),
        url text NOT NULL,
        secret text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, environment)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE webhook.endpoints');
  }
}
