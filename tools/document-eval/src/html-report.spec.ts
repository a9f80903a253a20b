import { latencyDistributionSvg } from './html-report';

describe('latencyDistributionSvg', () => {
  it('draws one line per series that has values, the target, and counts what lies beyond the axis', () => {
    const slow = [...Array.from({ length: 99 }, (_, i) => 100 + i * 5), 5_000];
    const svg = latencyDistributionSvg(
      'Latency',
      [
        { label: 'whole analysis', valuesMs: slow, colour: '#111111' },
        { label: 'in the models', valuesMs: slow.map((ms) => ms / 2), colour: '#222222' },
        { label: 'unmeasured', valuesMs: [], colour: '#333333' },
      ],
      400,
    );
    expect(svg.match(/<polyline/g)).toHaveLength(2);
    expect(svg).toContain('target 400 ms');
    // The axis ends at the 99th percentile (590 ms, so 600): the one 5-second image is counted, not drawn to scale.
    expect(svg).toContain('whole analysis (100 images, 1 beyond 600 ms)');
    expect(svg).toContain('in the models (100 images, 1 beyond 600 ms)');
    expect(svg).not.toContain('unmeasured');
  });

  it('escapes labels and stays valid without a target', () => {
    const svg = latencyDistributionSvg('A <b> & c', [{ label: 'x < y', valuesMs: [10, 20], colour: '#000' }]);
    expect(svg).toContain('A &lt;b&gt; &amp; c');
    expect(svg).toContain('x &lt; y (2 images)');
    expect(svg).not.toContain('target');
  });
});
