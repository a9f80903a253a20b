import { replicaCounts, sideBySide } from './replica-runs';

describe('replicaCounts', () => {
  it('reads --replicas 1,2, --replicas=2 and BENCH_REPLICAS, 1 by default', () => {
    expect(replicaCounts([], {})).toEqual([1]);
    expect(replicaCounts(['--replicas', '1,2'], {})).toEqual([1, 2]);
    expect(replicaCounts(['--replicas=2'], { BENCH_REPLICAS: '1' })).toEqual([2]);
    expect(replicaCounts([], { BENCH_REPLICAS: '2, 1' })).toEqual([2, 1]);
  });

  it('refuses what is not a count from 1 to 8', () => {
    expect(() => replicaCounts(['--replicas', '0'], {})).toThrow(/1 to 8/);
    expect(() => replicaCounts(['--replicas', 'two'], {})).toThrow(/1 to 8/);
    expect(() => replicaCounts(['--replicas'], {})).toThrow(/1 to 8/);
  });
});

describe('sideBySide', () => {
  it('aligns one column per run', () => {
    expect(sideBySide(['', 'N = 1', 'N = 2'], [['req/s', '1334', '2100']]).split('\n')).toEqual([
      '        N = 1   N = 2',
      'req/s    1334    2100',
    ]);
  });
});
