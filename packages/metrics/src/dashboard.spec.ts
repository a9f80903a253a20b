import { readFileSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../../..');
const DASHBOARD = path.join(REPO, 'deploy/grafana/kyc-dashboard.json');
const RULES = path.join(REPO, 'deploy/helm/kyc/templates/prometheusrule.yaml');

/** prom-client's default process metrics (collectDefaultMetrics in registry.ts). */
const DEFAULT_METRICS = new Set(['process_resident_memory_bytes', 'process_cpu_seconds_total']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (entry === 'node_modules' || entry === 'dist') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return full.endsWith('.ts') && !full.endsWith('.spec.ts') ? [full] : [];
  });
}

/** Every metric name our code registers: the string literals that name a kyc_, http_ or grpc_ series. */
function registeredNames(): Set<string> {
  const names = new Set(DEFAULT_METRICS);
  const roots = ['apps', 'packages'].flatMap((top) => readdirSync(path.join(REPO, top)).map((name) => path.join(REPO, top, name, 'src')));
  for (const root of roots) {
    try {
      statSync(root);
    } catch {
      continue;
    }
    for (const file of sourceFiles(root))
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/['"`]((?:kyc|http|grpc)_[a-z_]+)['"`]/g)) names.add(name);
  }
  return names;
}

/** The series names a PromQL expression reads (label names, functions and keywords are not followed by `{`, `[` or `)` in these). */
function metricNames(expr: string): string[] {
  const withoutLabels = expr.replace(/\{[^}]*\}/g, '{}');
  return [...withoutLabels.matchAll(/\b((?:kyc|http|grpc|process)_[a-z_]+)\b/g)]
    .map(([, name]) => name.replace(/_(bucket|sum|count)$/, ''))
    .filter((name) => !/^grpc_(service|method|code)$/.test(name));
}

describe('the Grafana dashboard and the alert rules', () => {
  const registered = registeredNames();

  it('read only metrics our code registers', () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8'));
    const exprs: string[] = dashboard.panels.flatMap((panel: { targets: { expr: string }[] }) => panel.targets.map((t) => t.expr));
    const rules = readFileSync(RULES, 'utf8');
    const used = new Set([...exprs.flatMap(metricNames), ...metricNames(rules)]);
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !registered.has(name))).toEqual([]);
  });

  it('would notice a metric nobody registers', () => {
    expect(metricNames('rate(kyc_not_a_metric_total{route="x"}[5m])').filter((name) => !registered.has(name))).toEqual([
      'kyc_not_a_metric_total',
    ]);
  });
});
