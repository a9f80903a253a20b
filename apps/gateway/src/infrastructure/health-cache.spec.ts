import { HealthCache } from './health-cache';

describe(HealthCache.name, () => {
  it('checks at most once a second, concurrent callers sharing the check in flight', async () => {
    let clock = 0;
    let checks = 0;
    let serving = true;
    const cache = new HealthCache(
      async () => {
        checks += 1;
        return { session: serving };
      },
      1_000,
      () => clock,
    );
    const concurrent = await Promise.all(Array.from({ length: 20 }, () => cache.get()));
    expect(checks).toBe(1);
    expect(concurrent.every((health) => health.session)).toBe(true);
    serving = false;
    clock = 999;
    expect(await cache.get()).toEqual({ session: true });
    expect(checks).toBe(1);
    clock = 1_000;
    expect(await cache.get()).toEqual({ session: false });
    expect(checks).toBe(2);
  });

  it('does not keep a check that failed', async () => {
    let attempt = 0;
    const cache = new HealthCache(
      async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('boom');
        return 'ok';
      },
      1_000,
      () => 0,
    );
    await expect(cache.get()).rejects.toThrow('boom');
    await expect(cache.get()).resolves.toBe('ok');
    expect(attempt).toBe(2);
  });
});
