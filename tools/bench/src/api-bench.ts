import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import autocannon from 'autocannon';
import { type RunningStack, startStack } from '@kyc/stack';
import { percentile, percentileChart } from './percentiles';

/**
 * `npm run bench:api`: GET /v1/verifications/{id} throughput and latency, and full test-mode
 * verifications per second (create → submit → get), against a running stack (KYC_API_URL +
 * KYC_SECRET_KEY) or one started for the run.
 */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
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
  const deadline = Date.now() + DURATION_S * 1000;
  let failures = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      try {
        const created = await call(baseUrl, key, 'POST', '/v1/sessions', { clientMetadata: { email: 'alice.approved@example.com' } });
        await call(baseUrl, key, 'POST', `/v1/verifications/${created.id}/submit`);
        const read = await call(baseUrl, key, 'GET', `/v1/verifications/${created.id}`);
        if (read.status !== 'completed') failures++;
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
    verifications: latencies.length,
    failures,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

async function main(): Promise<void> {
  let stack: RunningStack | undefined;
  let dataDir: string | undefined;
  let baseUrl = process.env.KYC_API_URL;
  let key = process.env.KYC_SECRET_KEY;
  if (!baseUrl || !key) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-'));
    console.log('[bench] starting a stack for the run …');
    stack = await startStack({ dataDir, env: { LOG_LEVEL: 'warn' }, log: (line) => line.startsWith('[stack]') && console.log(line) });
    baseUrl = stack.baseUrl;
    key = stack.credentials.environments.test.secretKey;
  }
  try {
    const session = await call(baseUrl, key, 'POST', '/v1/sessions', { clientMetadata: { email: 'alice.approved@example.com' } });
    await call(baseUrl, key, 'POST', `/v1/verifications/${session.id}/submit`);

    console.log(`[bench] GET /v1/verifications/{id} of a completed session: 50 connections for ${DURATION_S} s …`);
    const get = await autocannon({
      url: `${baseUrl}/v1/verifications/${session.id}`,
      connections: 50,
      duration: DURATION_S,
      headers: { authorization: `Bearer ${key}` },
    });
    const getFigures = {
      requestsPerSecond: get.requests.average,
      p50: get.latency.p50,
      p90: get.latency.p90,
      p99: get.latency.p99,
      errors: get.errors,
      non2xx: get.non2xx,
    };
    console.log(
      `[bench]   ${getFigures.requestsPerSecond.toFixed(0)} req/s, p50 ${getFigures.p50} ms, p90 ${getFigures.p90} ms, p99 ${getFigures.p99} ms, non-2xx ${getFigures.non2xx} (target ≥ 1500 req/s, p99 ≤ 50 ms)`,
    );

    const open = await call(baseUrl, key, 'POST', '/v1/sessions', { clientMetadata: { email: 'alice.approved@example.com' } });
    console.log(`[bench] GET /v1/verifications/{id} of an open session (never cached): 50 connections for ${DURATION_S} s …`);
    const uncached = await autocannon({
      url: `${baseUrl}/v1/verifications/${open.id}`,
      connections: 50,
      duration: DURATION_S,
      headers: { authorization: `Bearer ${key}` },
    });
    const uncachedFigures = {
      requestsPerSecond: uncached.requests.average,
      p50: uncached.latency.p50,
      p90: uncached.latency.p90,
      p99: uncached.latency.p99,
      errors: uncached.errors,
      non2xx: uncached.non2xx,
    };
    console.log(
      `[bench]   ${uncachedFigures.requestsPerSecond.toFixed(0)} req/s, p50 ${uncachedFigures.p50} ms, p90 ${uncachedFigures.p90} ms, p99 ${uncachedFigures.p99} ms, non-2xx ${uncachedFigures.non2xx}`,
    );

    console.log(`[bench] full test-mode verifications: ${WORKERS} workers for ${DURATION_S} s …`);
    const flow = await fullVerifications(baseUrl, key);
    console.log(
      `[bench]   ${flow.perSecond.toFixed(1)} verifications/s, p50 ${flow.p50.toFixed(1)} ms, p95 ${flow.p95.toFixed(1)} ms, p99 ${flow.p99.toFixed(1)} ms, failures ${flow.failures} (target ≥ 100/s)`,
    );

    const outDir = path.resolve(process.cwd(), 'bench-results');
    mkdirSync(outDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const jsonFile = path.join(outDir, `api-${stamp}.json`);
    const svgFile = path.join(outDir, `api-${stamp}.svg`);
    writeFileSync(
      jsonFile,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          durationSeconds: DURATION_S,
          getCompletedVerification: getFigures,
          getOpenVerification: uncachedFigures,
          fullVerification: flow,
        },
        null,
        2,
      ) + '\n',
    );
    writeFileSync(
      svgFile,
      percentileChart('Latency percentiles', [
        { label: 'GET completed', values: { p50: getFigures.p50, p90: getFigures.p90, p99: getFigures.p99 } },
        { label: 'GET open (uncached)', values: { p50: uncachedFigures.p50, p90: uncachedFigures.p90, p99: uncachedFigures.p99 } },
        { label: 'create → submit → get', values: { p50: flow.p50, p95: flow.p95, p99: flow.p99 } },
      ]),
    );
    console.log(`[bench] results: ${jsonFile}\n[bench] chart:   ${svgFile}`);
  } finally {
    await stack?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
