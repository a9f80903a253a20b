import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { ALL_APPS, type ReplicaLedgerReport, type RunningStack, ledgerHolds, settledReplicaLedgers, startStack } from '@kyc/stack';
import { percentile, percentileChart } from './percentiles';
import { type PhaseProfiler, phaseProfiler, profilingEnv } from './phase-profiles';
import {
  type CpuPerRequest,
  type CpuSample,
  clockTicksPerSecond,
  cpuPerRequest,
  findPostmaster,
  pidsByApp,
  procAvailable,
  sampleCpu,
} from './process-cpu';
import { loadNow, replicaCounts, sideBySide } from './replica-runs';

/**
 * `npm run bench:api`: GET /v1/verifications/{id} throughput and latency, and full test-mode
 * verifications per second (create → submit → get), beside a bare Fastify route measured in the
 * same run, against a running stack (KYC_API_URL + KYC_SECRET_KEY) or one started for the run.
 * `-- --replicas 1,2` starts one stack per count (processes per gRPC service), back to back, prints
 * the figures side by side and checks the ledgers of each: every verification completed once, each
 * consumer handled a session's events in order (replica-checks.ts in @kyc/stack).
 * Targets (issue 27 item 8, 2 cores): GET uncached ≥ 3,000 req/s with p99 ≤ 50 ms; test-mode
 * verifications ≥ 120/s with p95 ≤ 250 ms.
 * For the GET open and full-verification phases of a stack it started, it also prints the CPU milliseconds per
 * request of each process (utime + stime from /proc, the replicas of a service summed, PostgreSQL = the postmaster
 * and its children) and of the bench itself: the machine is shared, and CPU per request moves less than req/s.
 */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** Set: the stack's services are CPU-profiled per phase into this folder (phase-profiles.ts). */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR ? path.resolve(process.env.BENCH_PROFILE_DIR) : undefined;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 16);

async function call(baseUrl: string, key: string, method: string, route: string, body?: unknown) {
  const response = await fetch(baseUrl + route, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as { id?: string; status?: string };
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function fullVerifications(baseUrl: string, key: string) {
  const latencies: number[] = [];
  const sessionIds: string[] = [];
  const deadline = Date.now() + DURATION_S * 1000;
  let failures = 0;
  let completed = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      try {
        const created = await call(baseUrl, key, 'POST', '/v1/sessions', { clientMetadata: { email: 'alice.approved@example.com' } });
        sessionIds.push(created.id!);
        await call(baseUrl, key, 'POST', `/v1/verifications/${created.id}/submit`);
        const read = await call(baseUrl, key, 'GET', `/v1/verifications/${created.id}`);
        if (read.status !== 'completed') failures++;
        else completed++;
        latencies.push(performance.now() - started);
      } catch {
        failures++;
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: WORKERS }, worker));
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    sessionIds,
    verifications: latencies.length,
    completed,
    failures,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

interface HttpFigures {
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Responses with a 2xx status: the requests served, which CPU per request divides by. */
  responses2xx: number;
}

/** 50 connections on one URL for DURATION_S. */
async function hammer(url: string, headers: Record<string, string> = {}): Promise<HttpFigures> {
  const result = await autocannon({ url, connections: 50, duration: DURATION_S, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    responses2xx: result['2xx'],
  };
}

const describeHttp = (f: HttpFigures) =>
  `${f.requestsPerSecond} req/s, p50 ${f.p50} ms, p90 ${f.p90} ms, p99 ${f.p99} ms, errors ${f.errors}, non-2xx ${f.non2xx}`;

/** The bare Fastify route (bare-fastify.ts) in a child process; its URL and a stop. */
async function startBareFastify(): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(__dirname, 'bare-fastify.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bare Fastify exited (${code})`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { url: `http://127.0.0.1:${port}/bare`, stop: async () => void (child.kill('SIGTERM'), await exited) };
}

/** The CPU figures of a run, or why there are none. */
type CpuFigures =
  | {
      ticksPerSecond: number;
      /** The process ids measured, by group (each app's replicas; postgres = the postmaster, its children found at each sample). */
      pids: Record<string, number[]>;
      getOpenVerification: CpuPerRequest | null;
      /** From the start to the end of the phase. */
      fullVerification: CpuPerRequest | null;
      /** From the start of the phase until the ledgers settled: the events consumed after the last request too. */
      fullVerificationSettled: CpuPerRequest | null;
    }
  | { skipped: string };

/** The groups of processes a CPU sample reads, in table order. */
const CPU_GROUPS = [...ALL_APPS, 'postgres'] as const;

/** The process trees of a stack we started, by group: each app's replicas, and PostgreSQL's postmaster. */
function cpuRoots(stack: RunningStack | undefined): Record<string, number[]> | string {
  if (!stack) return 'an outside stack (KYC_API_URL): its processes are not ours to read';
  if (!procAvailable()) return 'no /proc on this machine';
  const byApp = pidsByApp(stack.pids());
  const postmaster = findPostmaster(path.join(stack.dataDir, 'postgres'));
  const roots: Record<string, number[]> = {};
  for (const group of CPU_GROUPS) roots[group] = group === 'postgres' ? (postmaster ? [postmaster] : []) : (byApp[group] ?? []);
  const missing = CPU_GROUPS.filter((group) => !roots[group].length);
  if (missing.length) console.log(`[bench] CPU: no process found for ${missing.join(', ')} (counted as 0)`);
  return roots;
}

const describeCpu = (figures: CpuPerRequest | null) =>
  figures
    ? `CPU ms/request: ${CPU_GROUPS.map((group) => `${group} ${figures.perRequest[group].toFixed(3)}`).join(', ')}; all ${figures.all.toFixed(3)}; bench ${figures.bench.toFixed(3)} (${figures.requests} requests)`
    : 'CPU ms/request: no request served';

/** cpuPerRequest, or null (with why) when a sample is missing or does not add up (a process died mid-phase). */
function perRequest(before: CpuSample | null, after: CpuSample | null, requests: number): CpuPerRequest | null {
  if (!before || !after) return null;
  try {
    return cpuPerRequest(before, after, requests);
  } catch (error) {
    console.log(`[bench]   CPU figures dropped: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

interface RunFigures {
  replicas: number | null;
  loadAverage: { before: number; after: number };
  bareFastify: HttpFigures;
  getCompletedVerification: HttpFigures;
  getOpenVerification: HttpFigures;
  fullVerification: Omit<Awaited<ReturnType<typeof fullVerifications>>, 'sessionIds'>;
  /** CPU per request of each process; skipped for an outside stack. */
  cpu: CpuFigures;
  /** Null for an outside stack (its database is not ours to read). */
  ledger: ReplicaLedgerReport | null;
}

/** One stack (started with `replicas` processes per gRPC service, or the outside one when null), every phase. */
async function runOnce(replicas: number | null): Promise<RunFigures> {
  let stack: RunningStack | undefined;
  let dataDir: string | undefined;
  let baseUrl = process.env.KYC_API_URL;
  let key = process.env.KYC_SECRET_KEY;
  if (replicas !== null) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-'));
    console.log(`[bench] starting a stack with ${replicas} process${replicas > 1 ? 'es' : ''} per gRPC service …`);
    stack = await startStack({
      dataDir,
      replicas,
      readyTimeoutMs: Number(process.env.KYC_READY_TIMEOUT_S ?? 180) * 1000,
      // The spec's per-minute limits (300 reads, 30 submits) would answer most of the load 429: the limiter still
      // counts every call (one statement each), with limits no run reaches.
      env: {
        LOG_LEVEL: 'warn',
        KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '',
        RATE_LIMIT_READS_PER_MINUTE: '100000000',
        RATE_LIMIT_SUBMITS_PER_MINUTE: '100000000',
        RATE_LIMIT_SESSION_CREATES_PER_MINUTE: '100000000',
        ...(PROFILE_DIR ? profilingEnv(PROFILE_DIR) : {}),
      },
      log: (line) => line.startsWith('[stack]') && !line.includes(' ready on ') && console.log(line),
    });
    baseUrl = stack.baseUrl;
    key = stack.credentials.environments.test.secretKey;
  }
  const bare = await startBareFastify();
  const roots = cpuRoots(stack);
  const ticksPerSecond = clockTicksPerSecond();
  const sample = () => (typeof roots === 'string' ? null : sampleCpu(roots, ticksPerSecond));
  if (typeof roots === 'string') console.log(`[bench] CPU per request: skipped (${roots})`);
  const profiler: PhaseProfiler | undefined =
    PROFILE_DIR && stack
      ? phaseProfiler(
          PROFILE_DIR,
          Object.values(stack.pids()).filter((pid): pid is number => pid !== undefined),
          (label, file) => `bench:api ${label}, N = ${replicas}: ${file}`,
        )
      : undefined;
  const profiled = async (label: string) => {
    if (!profiler) return;
    const files = await profiler.mark(`N${replicas}-${label}`);
    console.log(`[bench]   CPU profiles of the phase: ${files.length} in ${PROFILE_DIR} (.cpuprofile, .md, .svg)`);
  };
  try {
    const before = loadNow();
    const auth = { authorization: `Bearer ${key}` };
    console.log(`[bench] bare Fastify route (the yardstick): 50 connections for ${DURATION_S} s …`);
    const bareFastify = await hammer(bare.url);
    console.log(`[bench]   ${describeHttp(bareFastify)}`);

    const session = await call(baseUrl!, key!, 'POST', '/v1/sessions', { clientMetadata: { email: 'alice.approved@example.com' } });
    await call(baseUrl!, key!, 'POST', `/v1/verifications/${session.id}/submit`);
    console.log(`[bench] GET /v1/verifications/{id} of a completed session: 50 connections for ${DURATION_S} s …`);
    const getCompletedVerification = await hammer(`${baseUrl}/v1/verifications/${session.id}`, auth);
    console.log(`[bench]   ${describeHttp(getCompletedVerification)}`);

    const open = await call(baseUrl!, key!, 'POST', '/v1/sessions', { clientMetadata: { email: 'alice.approved@example.com' } });
    console.log(`[bench] GET /v1/verifications/{id} of an open session (never cached): 50 connections for ${DURATION_S} s …`);
    await profiler?.mark(`N${replicas}-warm-up`, { keep: false });
    const getOpenBefore = sample();
    const getOpenVerification = await hammer(`${baseUrl}/v1/verifications/${open.id}`, auth);
    const getOpenCpu = perRequest(getOpenBefore, sample(), getOpenVerification.responses2xx);
    console.log(`[bench]   ${describeHttp(getOpenVerification)} (target ≥ 3000 req/s, p99 ≤ 50 ms)`);
    if (getOpenBefore) console.log(`[bench]   ${describeCpu(getOpenCpu)}`);
    await profiled('get-open');

    console.log(`[bench] full test-mode verifications: ${WORKERS} workers for ${DURATION_S} s …`);
    const fullBefore = sample();
    const { sessionIds, ...fullVerification } = await fullVerifications(baseUrl!, key!);
    const fullCpu = perRequest(fullBefore, sample(), fullVerification.completed);
    console.log(
      `[bench]   ${fullVerification.perSecond.toFixed(1)} verifications/s, p50 ${fullVerification.p50.toFixed(1)} ms, p95 ${fullVerification.p95.toFixed(1)} ms, p99 ${fullVerification.p99.toFixed(1)} ms, failures ${fullVerification.failures} (target ≥ 120/s, p95 ≤ 250 ms)`,
    );
    if (fullBefore) console.log(`[bench]   ${describeCpu(fullCpu)}`);
    await profiled('verifications');
    const after = loadNow();
    let ledger: ReplicaLedgerReport | null = null;
    let fullSettledCpu: CpuPerRequest | null = null;
    if (stack) {
      ledger = await settledReplicaLedgers(stack.databaseUrl, sessionIds);
      fullSettledCpu = perRequest(fullBefore, sample(), fullVerification.completed);
      if (fullSettledCpu) console.log(`[bench]   until the ledgers settled: all ${fullSettledCpu.all.toFixed(3)} CPU ms/verification`);
      console.log(
        `[bench]   ledgers of ${ledger.sessions} sessions: ${ledger.completed} completed, ${ledger.completedTwice.length} twice, out of order: webhook ${ledger.handledOutOfOrder.webhook.length}, billing ${ledger.handledOutOfOrder.billing.length}; ${ledgerHolds(ledger) ? 'hold' : 'DO NOT HOLD'}`,
      );
    }
    return {
      replicas,
      loadAverage: { before, after },
      bareFastify,
      getCompletedVerification,
      getOpenVerification,
      fullVerification,
      cpu:
        typeof roots === 'string'
          ? { skipped: roots }
          : {
              ticksPerSecond,
              pids: roots,
              getOpenVerification: getOpenCpu,
              fullVerification: fullCpu,
              fullVerificationSettled: fullSettledCpu,
            },
      ledger,
    };
  } finally {
    await bare.stop();
    await stack?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const outside = Boolean(process.env.KYC_API_URL && process.env.KYC_SECRET_KEY);
  const counts = outside ? [null] : replicaCounts(process.argv.slice(2));
  const runs: RunFigures[] = [];
  for (const replicas of counts) runs.push(await runOnce(replicas));

  const header = ['', ...runs.map((run) => (run.replicas === null ? 'outside stack' : `N = ${run.replicas}`))];
  const http = (label: string, pick: (run: RunFigures) => HttpFigures): [string, ...string[]][] => [
    [`${label} req/s`, ...runs.map((run) => String(pick(run).requestsPerSecond))],
    [`${label} p99 ms`, ...runs.map((run) => String(pick(run).p99))],
  ];
  type Measured = Exclude<CpuFigures, { skipped: string }>;
  const cpuRows = (label: string, pick: (cpu: Measured) => CpuPerRequest | null): [string, ...string[]][] => {
    const cell = (run: RunFigures, value: (figures: CpuPerRequest) => number) => {
      const figures = 'skipped' in run.cpu ? null : pick(run.cpu);
      return figures ? value(figures).toFixed(3) : '–';
    };
    return [
      ...CPU_GROUPS.map((group): [string, ...string[]] => [
        `CPU ms${label} ${group}`,
        ...runs.map((run) => cell(run, (f) => f.perRequest[group])),
      ]),
      [`CPU ms${label} all`, ...runs.map((run) => cell(run, (f) => f.all))],
      [`CPU ms${label} bench (load generator)`, ...runs.map((run) => cell(run, (f) => f.bench))],
    ];
  };
  const table = sideBySide(header, [
    ['load average (before → after)', ...runs.map((run) => `${run.loadAverage.before} → ${run.loadAverage.after}`)],
    ...http('bare Fastify', (run) => run.bareFastify),
    ...http('GET completed', (run) => run.getCompletedVerification),
    ...http('GET open (uncached)', (run) => run.getOpenVerification),
    ['verifications/s', ...runs.map((run) => run.fullVerification.perSecond.toFixed(1))],
    ['verification p95 ms', ...runs.map((run) => run.fullVerification.p95.toFixed(1))],
    ['verification failures', ...runs.map((run) => String(run.fullVerification.failures))],
    [
      'completed once / sessions',
      ...runs.map((run) => (run.ledger ? `${run.ledger.completed - run.ledger.completedTwice.length}/${run.ledger.sessions}` : '–')),
    ],
    [
      'consumers out of order',
      ...runs.map((run) =>
        run.ledger ? String(run.ledger.handledOutOfOrder.webhook.length + run.ledger.handledOutOfOrder.billing.length) : '–',
      ),
    ],
    ...cpuRows('/GET', (cpu) => cpu.getOpenVerification),
    ...cpuRows('/verification', (cpu) => cpu.fullVerification),
    [
      'CPU ms/verification all, until settled',
      ...runs.map((run) => ('skipped' in run.cpu ? '–' : (run.cpu.fullVerificationSettled?.all.toFixed(3) ?? '–'))),
    ],
  ]);
  console.log(`[bench] side by side:\n${table}`);

  const outDir = path.resolve(process.cwd(), 'bench-results');
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const jsonFile = path.join(outDir, `api-${stamp}.json`);
  const svgFile = path.join(outDir, `api-${stamp}.svg`);
  writeFileSync(
    jsonFile,
    JSON.stringify({ at: new Date().toISOString(), durationSeconds: DURATION_S, workers: WORKERS, runs }, null, 2) + '\n',
  );
  writeFileSync(
    svgFile,
    percentileChart(
      'Latency percentiles',
      runs.flatMap((run) => {
        const n = run.replicas === null ? '' : ` N=${run.replicas}`;
        return [
          { label: `bare Fastify${n}`, values: { p50: run.bareFastify.p50, p90: run.bareFastify.p90, p99: run.bareFastify.p99 } },
          {
            label: `GET open${n}`,
            values: { p50: run.getOpenVerification.p50, p90: run.getOpenVerification.p90, p99: run.getOpenVerification.p99 },
          },
          {
            label: `create → submit → get${n}`,
            values: { p50: run.fullVerification.p50, p90: run.fullVerification.p95, p99: run.fullVerification.p99 },
          },
        ];
      }),
    ),
  );
  console.log(`[bench] results: ${jsonFile}\n[bench] chart:   ${svgFile}`);
  if (runs.some((run) => run.ledger && !ledgerHolds(run.ledger))) {
    console.error('[bench] a ledger check failed (see the results file)');
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
