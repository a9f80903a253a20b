import { PROCESSED_EVENTS_DDL } from '@kyc/events';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddEventInbox1763956800000 implements MigrationInterface {
  name = 'AddEventInbox1763956800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(PROCESSED_EVENTS_DDL('billing'));
    // A completion that arrives when neither trial nor balance is left is still recorded, unpaid.
    await queryRunner.query(`ALTER TABLE billing.charges DROP CONSTRAINT charges_source_check`);
    await queryRunner.query(
      `ALTER TABLE billing.charges ADD CONSTRAINT charges_source_check CHECK (source IN ('trial', 'balance', 'unpaid'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE billing.charges DROP CONSTRAINT charges_source_check`);
    await queryRunner.query(`ALTER TABLE billing.charges ADD CONSTRAINT charges_source_check CHECK (source IN ('trial', 'balance'))`);
    await queryRunner.query('DROP TABLE billing.processed_events');
  }
}
