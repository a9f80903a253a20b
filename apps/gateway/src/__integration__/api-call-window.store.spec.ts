import { randomUUID } from 'node:crypto';
import { withServiceDatabase } from '@kyc/testing';
import { API_RATE_WINDOW_MS } from '../domain/api-rate-limits';
import { PostgresApiCallWindowStore } from '../infrastructure/api-call-window.store';
import { createGatewayDataSource } from '../infrastructure/data-source';

/** Server-side call windows against a real PostgreSQL: what every gateway replica counts on. */
describe('API call windows (real PostgreSQL)', () => {
  const database = withServiceDatabase(createGatewayDataSource);
  let store: PostgresApiCallWindowStore;

  beforeAll(() => {
    store = new PostgresApiCallWindowStore(database.dataSource);
  });

  const caller = (environment = 'PROJECT_ENVIRONMENT_TEST') => ({ projectId: randomUUID(), environment });

  /** Counting near a minute's end could see two windows; wait into the next minute then. */
  const awayFromMinuteEdge = async () => {
    const [{ ms }]: Array<{ ms: string }> = await database.dataSource.query(
      `SELECT (extract(epoch FROM now()) * 1000)::bigint % $1 AS ms`,
      [API_RATE_WINDOW_MS],
    );
    const intoWindow = Number(ms);
    if (intoWindow > API_RATE_WINDOW_MS - 5_000) await new Promise((resolve) => setTimeout(resolve, API_RATE_WINDOW_MS - intoWindow + 200));
  };

  it('gives each of many concurrent calls its own count, in one window', async () => {
    await awayFromMinuteEdge();
    const who = caller();
    const counted = await Promise.all(Array.from({ length: 40 }, () => store.record(who, 'submit')));
    expect(counted.map((window) => window.calls).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(counted.map((window) => window.windowStartedAt.getTime())).size).toBe(1);
  }, 70_000);

  it('counts a burst of one caller in far fewer statements than calls, each call still its own count', async () => {
    await awayFromMinuteEdge();
    const who = caller();
    const query = jest.spyOn(database.dataSource, 'query');
    try {
      const counted = await Promise.all(Array.from({ length: 200 }, () => store.record(who, 'read')));
      expect(counted.map((window) => window.calls).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      // The first call goes out alone, the 199 that arrived meanwhile together.
      expect(query.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      query.mockRestore();
    }
    // Another store (another gateway replica) counts on from the same row.
    expect((await new PostgresApiCallWindowStore(database.dataSource).record(who, 'read')).calls).toBe(201);
  }, 70_000);

  it('starts windows on the minute and reports the store clock within it', async () => {
    const window = await store.record(caller(), 'read');
    expect(window.windowStartedAt.getTime() % API_RATE_WINDOW_MS).toBe(0);
    const into = window.observedAt.getTime() - window.windowStartedAt.getTime();
    expect(into).toBeGreaterThanOrEqual(0);
    expect(into).toBeLessThan(API_RATE_WINDOW_MS);
  });

  it('counts projects, environments and classes apart', async () => {
    await awayFromMinuteEdge();
    const who = caller();
    await store.record(who, 'upload');
    await store.record(who, 'upload');
    expect((await store.record({ ...who, environment: 'PROJECT_ENVIRONMENT_SANDBOX' }, 'upload')).calls).toBe(1);
    expect((await store.record({ ...who, projectId: randomUUID() }, 'upload')).calls).toBe(1);
    expect((await store.record(who, 'submit')).calls).toBe(1);
    expect((await store.record(who, 'upload')).calls).toBe(3);
  }, 70_000);

  it('opens a new window after the minute, and purges ended windows', async () => {
    await awayFromMinuteEdge();
    const who = caller();
    for (let i = 0; i < 3; i++) await store.record(who, 'session_create');
    // Move the current window two minutes back: the next call is in a new window.
    await database.dataSource.query(
      `UPDATE gateway.api_call_windows SET window_started_at = window_started_at - make_interval(secs => $2) WHERE project_id = $1`,
      [who.projectId, (2 * API_RATE_WINDOW_MS) / 1000],
    );
    expect((await store.record(who, 'session_create')).calls).toBe(1);
    expect(await store.purgeEnded()).toBeGreaterThanOrEqual(1);
    const [{ left }]: Array<{ left: number }> = await database.dataSource.query(
      `SELECT count(*)::int AS left FROM gateway.api_call_windows WHERE project_id = $1`,
      [who.projectId],
    );
    expect(left).toBe(1);
    expect((await store.record(who, 'session_create')).calls).toBe(2);
  }, 70_000);
});
