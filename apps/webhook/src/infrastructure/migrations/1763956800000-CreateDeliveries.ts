import { PROCESSED_EVENTS_DDL } from '@kyc/events';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateDeliveries1763956800000 implements MigrationInterface {
  name = 'CreateDeliveries1763956800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(PROCESSED_EVENTS_DDL('webhook'));
    // One delivery per event; its body is fixed at enqueue time so every attempt sends the same id and bytes.
    await queryRunner.query(`
      CREATE TABLE webhook.deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id uuid NOT NULL UNIQUE,
        project_id uuid NOT NULL,
        environment text NOT NULL,
        session_id uuid NOT NULL,
        event_type text NOT NULL,
        body text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX deliveries_due_idx ON webhook.deliveries (next_attempt_at) WHERE status IN ('pending', 'sending')`,
    );
    await queryRunner.query(`CREATE INDEX deliveries_project_idx ON webhook.deliveries (project_id, environment, created_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE webhook.delivery_attempts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        delivery_id uuid NOT NULL REFERENCES webhook.deliveries (id),
        attempt integer NOT NULL,
        url text NOT NULL,
        status_code integer,
        latency_ms integer NOT NULL,
        error text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX delivery_attempts_delivery_idx ON webhook.delivery_attempts (delivery_id, attempt)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE webhook.delivery_attempts');
    await queryRunner.query('DROP TABLE webhook.deliveries');
    await queryRunner.query('DROP TABLE webhook.processed_events');
  }
}
