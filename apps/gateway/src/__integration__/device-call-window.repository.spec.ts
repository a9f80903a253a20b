import { randomUUID } from 'node:crypto';
import { withServiceDatabase } from '@kyc/testing';
import { DEVICE_CALL_WINDOW_MS } from '../domain/device-call-limits';
import { createGatewayDataSource } from '../infrastructure/data-source';
import { DeviceCallWindowRepository } from '../infrastructure/device-call-window.repository';

/** Device-call windows against a real PostgreSQL: what every gateway replica counts on. */
describe('device-call windows (real PostgreSQL)', () => {
  const database = withServiceDatabase(createGatewayDataSource);
  let windows: DeviceCallWindowRepository;

  beforeAll(() => {
    windows = new DeviceCallWindowRepository(database.dataSource);
  });

  const ageWindow = (sessionId: string, ms: number) =>
    database.dataSource.query(
      `UPDATE gateway.device_call_windows SET window_started_at = window_started_at - make_interval(secs => $2) WHERE session_id = $1`,
      [sessionId, ms / 1000],
    );

  it('gives each of many concurrent calls its own count', async () => {
    const sessionId = randomUUID();
    const counted = await Promise.all(Array.from({ length: 20 }, () => windows.record(sessionId, 'face_or_liveness')));
    expect(counted.map((window) => window.calls).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(counted.map((window) => window.windowStartedAt.getTime())).size).toBe(1);
  });

  it('counts each session and kind apart', async () => {
    const sessionId = randomUUID();
    await windows.record(sessionId, 'face_or_liveness');
    expect((await windows.record(sessionId, 'consent')).calls).toBe(1);
    expect((await windows.record(randomUUID(), 'face_or_liveness')).calls).toBe(1);
    expect((await windows.record(sessionId, 'face_or_liveness')).calls).toBe(2);
  });

  it('reopens a window once it has closed, and purges windows long closed', async () => {
    const sessionId = randomUUID();
    for (let i = 0; i < 3; i++) await windows.record(sessionId, 'complete');
    await ageWindow(sessionId, DEVICE_CALL_WINDOW_MS - 5_000);
    expect((await windows.record(sessionId, 'complete')).calls).toBe(4);
    await ageWindow(sessionId, 10_000);
    const reopened = await windows.record(sessionId, 'complete');
    expect(reopened.calls).toBe(1);
    expect(Date.now() - reopened.windowStartedAt.getTime()).toBeLessThan(60_000);

    await ageWindow(sessionId, 2 * DEVICE_CALL_WINDOW_MS + 1_000);
    expect(await windows.purgeClosed()).toBeGreaterThanOrEqual(1);
    expect((await windows.record(sessionId, 'complete')).calls).toBe(1);
  });
});
