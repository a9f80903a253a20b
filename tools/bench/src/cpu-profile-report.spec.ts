import { callTree, flameGraph, lastSeconds, packageOf, summarise } from './cpu-profile-report';

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });
// root → handler (1 hit) → query (3 hits); root → (idle) (2 hits); samples 1 s apart.
const profile = {
  startTime: 0,
  endTime: 6_000_000,
  nodes: [
    { id: 1, callFrame: frame('(root)'), hitCount: 0, children: [2, 4] },
    { id: 2, callFrame: frame('handler', 'file:///repo/apps/gateway/dist/x.js'), hitCount: 1, children: [3] },
    { id: 3, callFrame: frame('query', 'file:///repo/node_modules/pg/lib/client.js'), hitCount: 3 },
    { id: 4, callFrame: frame('(idle)'), hitCount: 2 },
  ],
  samples: [4, 4, 2, 3, 3, 3],
  timeDeltas: [1e6, 1e6, 1e6, 1e6, 1e6, 1e6],
};

describe('cpu-profile-report', () => {
  it('names the package a frame lives in', () => {
    expect(packageOf('file:///repo/node_modules/@grpc/grpc-js/build/src/client.js')).toBe('@grpc/grpc-js');
    expect(packageOf('file:///repo/apps/session/dist/main.js')).toBe('apps/session');
    expect(packageOf('node:internal/http2/core')).toBe('node internals');
    expect(packageOf('')).toBe('(native / V8)');
  });

  it('shares self time by package and keeps only the last seconds when asked', () => {
    expect(summarise(profile, 't')).toContain('| 50.0 % | `pg` |');
    const tail = lastSeconds(profile, 3);
    expect(tail.nodes.map((node) => node.hitCount)).toEqual([0, 1, 3, 0]);
  });

  it('draws callees above callers, as wide as their samples', () => {
    const root = callTree(profile);
    expect(root.total).toBe(6);
    const svg = flameGraph(root, 'title', 600);
    // handler: 1 + 3 of 6 samples → handler 400, query 300, idle 200
    expect(svg).toContain('width="300.0"');
    expect(svg).toContain('width="200.0"');
    expect(svg).toContain('width="400.0"');
  });
});
