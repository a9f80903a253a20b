import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-session windows of device-side calls (spec part 8), shared by every gateway replica. */
export class CreateDeviceCallWindows1764000000000 implements MigrationInterface {
  name = 'CreateDeviceCallWindows1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE gateway.device_call_windows (
        session_id uuid NOT NULL,
        kind text NOT NULL,
        window_started_at timestamptz NOT NULL,
        calls integer NOT NULL,
        PRIMARY KEY (session_id, kind)
      )`);
    await queryRunner.query(`CREATE INDEX device_call_windows_started_idx ON gateway.device_call_windows (window_started_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE gateway.device_call_windows');
  }
}
