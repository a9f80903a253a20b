import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startStack } from '@kyc/stack';
import { percentile, percentileChart } from './percentiles';

/**
 * `npm run bench:events`: completed test-mode verifications → outbox → relay → event bus →
 * webhook consumer → signed POST to a local receiver. Prints webhooks/s and the latency from the
 * state change (submit answered) to the webhook received. KAFKA_BROKERS selects Kafka.
 */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 8);

async function main(): Promise<void> {
  const transport = process.env.KAFKA_BROKERS ? 'kafka' : 'embedded';
  const arrivals = new Map<string, number>();
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const sessionId = (JSON.parse(body) as { data: { object: { id: string } } }).data.object.id;
      if (!arrivals.has(sessionId)) arrivals.set(sessionId, performance.now());
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-events-'));
  console.log(`[bench] starting a stack (${transport} events) …`);
  const stack = await startStack({ dataDir, env: { LOG_LEVEL: 'warn' }, log: (line) => line.startsWith('[stack]') && console.log(line) });
  try {
    const { baseUrl, credentials } = stack;
    const key = credentials.environments.test.secretKey;
    const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
    await fetch(`${baseUrl}/admin/v1/projects/${credentials.projectId}/environments/test/webhook`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${credentials.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const completedAt = new Map<string, number>();
    const deadline = Date.now() + DURATION_S * 1000;
    console.log(`[bench] ${WORKERS} workers completing test-mode verifications for ${DURATION_S} s …`);
    const worker = async () => {
      while (Date.now() < deadline) {
        const created = (await (
          await fetch(`${baseUrl}/v1/sessions`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ clientMetadata: { email: 'alice.approved@example.com' } }),
          })
        ).json()) as { id: string };
        await (
          await fetch(`${baseUrl}/v1/verifications/${created.id}/submit`, { method: 'POST', headers: { authorization: `Bearer ${key}` } })
        ).json();
        completedAt.set(created.id, performance.now());
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: WORKERS }, worker));
    const waitUntil = Date.now() + 30_000;
    while ([...completedAt.keys()].some((id) => !arrivals.has(id)) && Date.now() < waitUntil)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const elapsedS = (Math.max(...arrivals.values()) - started) / 1000;
    const latencies = [...completedAt]
      .filter(([id]) => arrivals.has(id))
      .map(([id, at]) => arrivals.get(id)! - at)
      .sort((a, b) => a - b);
    const figures = {
      transport,
      completed: completedAt.size,
      webhooksReceived: latencies.length,
      missing: completedAt.size - latencies.length,
      webhooksPerSecond: latencies.length / elapsedS,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
    };
    console.log(
      `[bench]   ${figures.webhooksReceived}/${figures.completed} webhooks, ${figures.webhooksPerSecond.toFixed(1)}/s; state change → webhook received p50 ${figures.p50.toFixed(0)} ms, p95 ${figures.p95.toFixed(0)} ms, p99 ${figures.p99.toFixed(0)} ms`,
    );
    const outDir = path.resolve(process.cwd(), 'bench-results');
    mkdirSync(outDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    writeFileSync(path.join(outDir, `events-${transport}-${stamp}.json`), JSON.stringify(figures, null, 2) + '\n');
    writeFileSync(
      path.join(outDir, `events-${transport}-${stamp}.svg`),
      percentileChart(`State change → webhook received (${transport})`, [
        { label: transport, values: { p50: figures.p50, p95: figures.p95, p99: figures.p99 } },
      ]),
    );
    console.log(`[bench] results: ${path.join(outDir, `events-${transport}-${stamp}.json`)} (+ .svg)`);
    if (figures.missing > 0) process.exitCode = 1;
  } finally {
    await stack.stop();
    receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
