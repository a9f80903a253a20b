import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OutboxTraceContext1765650000000 implements MigrationInterface {
  name = 'OutboxTraceContext1765650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The W3C traceparent of the request that recorded the event (NULL when tracing is off), so its
    // consumers continue that trace after the relay has published it.
    await queryRunner.query(`ALTER TABLE session.outbox ADD COLUMN traceparent text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE session.outbox DROP COLUMN traceparent`);
  }
}
