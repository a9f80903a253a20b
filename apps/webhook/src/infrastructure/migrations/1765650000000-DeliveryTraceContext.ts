import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DeliveryTraceContext1765650000000 implements MigrationInterface {
  name = 'DeliveryTraceContext1765650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The W3C traceparent of the event a delivery was enqueued for (NULL when tracing is off): each
    // attempt, however much later, is a span of the verification's trace.
    await queryRunner.query(`ALTER TABLE webhook.deliveries ADD COLUMN traceparent text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE webhook.deliveries DROP COLUMN traceparent`);
  }
}
