import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * `node tools/bench/dist/cpu-profile-report.js <file.cpuprofile> <out-base> [title]`: what a V8 CPU
 * profile (`node --cpu-prof`) says, without a browser: `<out-base>.md` with self time by function
 * and by package (node_modules/<name>, our workspace, node internals), and `<out-base>.svg`, a flame
 * graph (callers below, callees above, width = share of samples). bench:api's profiles of the gateway
 * and the session service under load are summarised this way in reports/. A fourth argument keeps
 * only the last N seconds (the load phase).
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * Only the last `seconds` of the profile (the load phase; start-up, module loading and the
 * first-start bootstrap come before it): hit counts recounted from the samples in that window.
 */
export function lastSeconds(profile: CpuProfile, seconds: number): CpuProfile {
  if (!profile.samples || !profile.timeDeltas) return profile;
  const from = profile.endTime - seconds * 1e6;
  const hits = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas![i];
    if (at >= from) hits.set(id, (hits.get(id) ?? 0) + 1);
  });
  return {
    ...profile,
    startTime: Math.max(profile.startTime, from),
    nodes: profile.nodes.map((node) => ({ ...node, hitCount: hits.get(node.id) ?? 0 })),
  };
}

interface Frame {
  name: string;
  self: number;
  total: number;
  children: Map<string, Frame>;
}

/** Where a frame's code lives: a package in node_modules, a workspace package, or node itself. */
export function packageOf(url: string): string {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1];
  const workspace = /\/(apps|packages|tools)\/([^/]+)\//.exec(url);
  if (workspace) return `${workspace[1]}/${workspace[2]}`;
  return url;
}

export function frameLabel(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url
    ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|packages|tools)\//, '$1/')}:${lineNumber + 1}`
    : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}` : ''}`;
}

/** The call tree merged by label (one path per distinct stack), with self and total sample counts. */
export function callTree(profile: CpuProfile): Frame {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const root: Frame = { name: 'all', self: 0, total: 0, children: new Map() };
  const visit = (node: ProfileNode, into: Frame): number => {
    const label = frameLabel(node);
    let frame = into.children.get(label);
    if (!frame) into.children.set(label, (frame = { name: label, self: 0, total: 0, children: new Map() }));
    const self = node.hitCount ?? 0;
    frame.self += self;
    let total = self;
    for (const child of node.children ?? []) total += visit(byId.get(child)!, frame);
    frame.total += total;
    return total;
  };
  const top = profile.nodes[0];
  for (const child of top.children ?? []) root.total += visit(byId.get(child)!, root);
  return root;
}

export function summarise(profile: CpuProfile, title: string): string {
  const samples = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (!hits) continue;
    byFunction.set(frameLabel(node), (byFunction.get(frameLabel(node)) ?? 0) + hits);
    const pkg = ['(idle)', '(program)', '(garbage collector)'].includes(node.callFrame.functionName)
      ? node.callFrame.functionName
      : packageOf(node.callFrame.url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
  }
  const pct = (n: number) => `${((100 * n) / samples).toFixed(1)} %`;
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, hits]) => `| ${pct(hits)} | \`${name.replace(/\|/g, '\\|')}\` |`)
      .join('\n');
  const seconds = (profile.endTime - profile.startTime) / 1e6;
  return [
    `# ${title}`,
    '',
    `${samples} samples over ${seconds.toFixed(1)} s.`,
    '',
    '## Self time by package',
    '',
    '| share | package |',
    '|---|---|',
    top(byPackage, 25),
    '',
    '## Self time by function (top 40)',
    '',
    '| share | function |',
    '|---|---|',
    top(byFunction, 40),
    '',
  ].join('\n');
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A flame graph: the root at the bottom, each frame as wide as its share of the samples. */
export function flameGraph(root: Frame, title: string, width = 1600): string {
  const rowHeight = 16;
  const rects: string[] = [];
  let depthMax = 0;
  const draw = (frame: Frame, x: number, depth: number, scale: number) => {
    const w = frame.total * scale;
    if (w < 0.5) return;
    depthMax = Math.max(depthMax, depth);
    const hue = 20 + ((frame.name.length * 37) % 40);
    const label = w > 40 ? escape(frame.name.slice(0, Math.floor(w / 6.5))) : '';
    rects.push(
      `<g><title>${escape(frame.name)} (${((100 * frame.total) / root.total).toFixed(1)} %)</title><rect x="${x.toFixed(1)}" y="{Y${depth}}" width="${w.toFixed(1)}" height="${rowHeight - 1}" fill="hsl(${hue},85%,60%)"/><text x="${(x + 3).toFixed(1)}" y="{T${depth}}" font-size="11" font-family="monospace">${label}</text></g>`,
    );
    let childX = x;
    for (const child of [...frame.children.values()].sort((a, b) => b.total - a.total)) {
      draw(child, childX, depth + 1, scale);
      childX += child.total * scale;
    }
  };
  draw(root, 0, 0, width / Math.max(1, root.total));
  const height = (depthMax + 1) * rowHeight + 30;
  const body = rects
    .join('\n')
    .replace(/\{Y(\d+)\}/g, (_, d) => String(height - (Number(d) + 1) * rowHeight))
    .replace(/\{T(\d+)\}/g, (_, d) => String(height - (Number(d) + 1) * rowHeight + 11));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><text x="4" y="14" font-size="13" font-family="sans-serif">${escape(title)}</text>\n${body}\n</svg>\n`;
}

function main(): void {
  const [file, outBase, title = path.basename(process.argv[2] ?? ''), last] = process.argv.slice(2);
  if (!file || !outBase) throw new Error('usage: cpu-profile-report <file.cpuprofile> <out-base> [title] [last seconds]');
  const whole = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const profile = last ? lastSeconds(whole, Number(last)) : whole;
  writeFileSync(`${outBase}.md`, summarise(profile, title));
  writeFileSync(`${outBase}.svg`, flameGraph(callTree(profile), title));
  console.log(`${outBase}.md\n${outBase}.svg`);
}

if (require.main === module) main();
