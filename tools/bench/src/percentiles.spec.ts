import { percentile, percentileChart } from './percentiles';

describe(percentile.name, () => {
  it('takes the nearest rank', () => {
    const sample = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(sample, 50)).toBe(5);
    expect(percentile(sample, 99)).toBe(10);
    expect(percentile([], 50)).toBe(0);
  });

  it('draws one bar per percentile', () => {
    const svg = percentileChart('t', [{ label: 'GET', values: { p50: 1, p99: 4 } }]);
    expect(svg.match(/<rect/g)).toHaveLength(2);
  });

  it('lets each series name its own percentiles', () => {
    const svg = percentileChart('t', [
      { label: 'a', values: { p50: 1, p90: 2 } },
      { label: 'b', values: { p50: 1, p95: 3 } },
    ]);
    expect(svg).toContain('>p95<');
    expect(svg.match(/<rect/g)).toHaveLength(4);
  });
});
