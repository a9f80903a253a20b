import { DEFAULT_RETRY_POLICY, describeFailure, retryDelayMs } from './retry-policy';

describe(retryDelayMs.name, () => {
  const middle = () => 0.5;

  it('doubles from 200 ms and stops at 30 s', () => {
    expect(Array.from({ length: 10 }, (_, i) => retryDelayMs(i + 1, DEFAULT_RETRY_POLICY, middle))).toEqual([
      200, 400, 800, 1_600, 3_200, 6_400, 12_800, 25_600, 30_000, 30_000,
    ]);
    expect(retryDelayMs(1_000, DEFAULT_RETRY_POLICY, middle)).toBe(30_000);
  });

  it('spreads each wait by the jitter either way', () => {
    expect(retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 0)).toBe(160);
    expect(retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 0.999999)).toBe(240);
    expect(retryDelayMs(20, DEFAULT_RETRY_POLICY, () => 0.999999)).toBe(36_000);
  });

  it('gives a dead letter about 80 s of retries in all', () => {
    const total = Array.from({ length: DEFAULT_RETRY_POLICY.maxAttempts - 1 }, (_, i) =>
      retryDelayMs(i + 1, DEFAULT_RETRY_POLICY, middle),
    ).reduce((a, b) => a + b, 0);
    expect(total).toBe(81_000);
  });
});

describe(describeFailure.name, () => {
  it('keeps the name and message, cut to about 1 KB', () => {
    expect(describeFailure(new TypeError('bad'))).toBe('TypeError: bad');
    expect(describeFailure('plain')).toBe('plain');
    const long = describeFailure(new Error('x'.repeat(5_000)));
    expect(long).toHaveLength(1024);
    expect(long.endsWith('…')).toBe(true);
  });
});
