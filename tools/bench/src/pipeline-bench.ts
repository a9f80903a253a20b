import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { type ReplicaLedgerReport, ledgerHolds, settledReplicaLedgers } from '@kyc/stack';
import { documentFixture, liveSelfie } from '@kyc/verification-fixtures';
import { percentile, percentileChart } from './percentiles';
import { loadNow, replicaCounts, sideBySide } from './replica-runs';
import { expectStatus, openSandbox, peakRssMb, SandboxClient } from './sandbox';

/**
 * `npm run bench:pipeline`: whole sandbox verifications through the real models — create →
 * upload sides → upload selfie → submit — one at a time on a stack started for the run (or
 * KYC_API_URL + KYC_SANDBOX_KEY), with p50/p95 per step and end to end, and the peak memory
 * (VmHWM) of the document and biometrics services. Targets (issue 6): submit p95 ≤ 300 ms,
 * whole verification p95 ≤ 1.5 s, biometrics peak ≤ 500 MB.
 * `-- --replicas 1,2` runs the whole bench once per count of processes per gRPC service, back to
 * back, prints the figures side by side, and checks each stack's ledgers: every submitted
 * verification completed once, consumers in order per session, one charge each (replica-checks.ts).
 */
const VERIFICATIONS = Number(process.env.BENCH_VERIFICATIONS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
/** Document uploads in flight at once in the concurrency phase (issue target: document service ≤ 600 MB at 4). */
const CONCURRENT_UPLOADS = Number(process.env.BENCH_CONCURRENT_UPLOADS ?? 4);
const CONCURRENT_ROUNDS = Number(process.env.BENCH_CONCURRENT_ROUNDS ?? 3);

type Step = 'create' | 'upload_document' | 'upload_face' | 'submit' | 'total';

async function runOnce(replicas: number) {
  const sandbox = await openSandbox('bench', console.log, replicas);
  const client = new SandboxClient(sandbox.baseUrl, sandbox.sandboxKey);
  const loadBefore = loadNow();
  const submitted: string[] = [];
  try {
    console.log('[bench] generating a passport for the live sample …');
    const passport = await documentFixture({ seed: 5 });
    const selfie = liveSelfie();
    const samples: Record<Step, number[]> = { create: [], upload_document: [], upload_face: [], submit: [], total: [] };
    const outcomes: Record<string, number> = {};

    for (let i = 0; i < WARMUP + VERIFICATIONS; i++) {
      const measured = i >= WARMUP;
      const started = performance.now();
      // One person verifying repeatedly under one e-mail: not a duplicate, so each run can complete
      // (the duplicate search still runs over every earlier completion).
      const created = expectStatus(await client.createSession({ email: 'bench.person@example.com' }), [201], 'create');
      let documentMs = 0;
      for (const { side, image } of passport.sides) {
        documentMs += expectStatus(await client.uploadDocument(created.body.id, image, side), [200], 'upload document').ms;
      }
      const face = expectStatus(await client.uploadFace(created.body.id, selfie), [200], 'upload face');
      const submit = expectStatus(
        await client.call<{ status: string }>('POST', `/v1/verifications/${created.body.id}/submit`),
        [200, 400],
        'submit',
      );
      const total = performance.now() - started;
      submitted.push(created.body.id);
      if (!measured) continue;
      samples.create.push(created.ms);
      samples.upload_document.push(documentMs);
      samples.upload_face.push(face.ms);
      samples.submit.push(submit.ms);
      samples.total.push(total);
      outcomes[submit.body.status] = (outcomes[submit.body.status] ?? 0) + 1;
      process.stdout.write(
        `\r[bench] ${i + 1 - WARMUP}/${VERIFICATIONS} verifications, last ${total.toFixed(0)} ms (${submit.body.status})   `,
      );
    }
    process.stdout.write('\n');

    const figures = Object.fromEntries(
      (Object.keys(samples) as Step[]).map((step) => {
        const sorted = [...samples[step]].sort((a, b) => a - b);
        return [
          step,
          { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted[sorted.length - 1] ?? 0) },
        ];
      }),
    ) as Record<Step, { p50: number; p95: number; max: number }>;
    const pids = sandbox.pids();
    const sequentialDocumentPeakMb = peakRssMb(pids.document);

    // Concurrency phase: CONCURRENT_UPLOADS sessions upload their passport at the same moment, several rounds.
    const concurrentUploads: number[] = [];
    for (let round = 0; round < CONCURRENT_ROUNDS && CONCURRENT_UPLOADS > 1; round++) {
      const sessions = await Promise.all(
        Array.from({ length: CONCURRENT_UPLOADS }, async () => expectStatus(await client.createSession(), [201], 'create')),
      );
      const uploads = await Promise.all(
        sessions.map(async (created) =>
          expectStatus(
            await client.uploadDocument(created.body.id, passport.sides[0].image, passport.sides[0].side),
            [200],
            'upload document',
          ),
        ),
      );
      concurrentUploads.push(...uploads.map((u) => u.ms));
      process.stdout.write(`\r[bench] concurrency round ${round + 1}/${CONCURRENT_ROUNDS}: ${CONCURRENT_UPLOADS} uploads at once   `);
    }
    if (concurrentUploads.length > 0) process.stdout.write('\n');
    const concurrentSorted = [...concurrentUploads].sort((a, b) => a - b);
    const concurrency = {
      uploadsInFlight: CONCURRENT_UPLOADS,
      uploads: concurrentUploads.length,
      uploadMs: { p50: round(percentile(concurrentSorted, 50)), p95: round(percentile(concurrentSorted, 95)) },
      documentPeakRssMb: peakRssMb(pids.document),
    };
    const memory = {
      biometricsPeakRssMb: peakRssMb(pids.biometrics),
      documentPeakRssMb: sequentialDocumentPeakMb,
      documentPeakRssUnderConcurrencyMb: concurrency.documentPeakRssMb,
    };
    for (const [step, f] of Object.entries(figures))
      console.log(
        `[bench]   ${step.padEnd(16)} p50 ${f.p50.toFixed(0).padStart(6)} ms   p95 ${f.p95.toFixed(0).padStart(6)} ms   max ${f.max.toFixed(0).padStart(6)} ms`,
      );
    console.log(`[bench]   outcomes ${JSON.stringify(outcomes)}`);
    console.log(
      `[bench]   peak RSS: biometrics ${memory.biometricsPeakRssMb ?? '?'} MB (target ≤ 500), document ${memory.documentPeakRssMb ?? '?'} MB one upload at a time`,
    );
    if (concurrency.uploads > 0) {
      console.log(
        `[bench]   ${CONCURRENT_UPLOADS} concurrent uploads × ${CONCURRENT_ROUNDS}: upload p50 ${concurrency.uploadMs.p50.toFixed(0)} ms, p95 ${concurrency.uploadMs.p95.toFixed(0)} ms; document peak RSS ${concurrency.documentPeakRssMb ?? '?'} MB (target ≤ 600)`,
      );
    }
    console.log(
      `[bench]   targets: submit p95 ≤ 300 ms (${figures.submit.p95 <= 300 ? 'met' : 'NOT met'}), whole verification p95 ≤ 1500 ms (${figures.total.p95 <= 1500 ? 'met' : 'NOT met'})`,
    );

    const loadAfter = loadNow();
    let ledger: ReplicaLedgerReport | null = null;
    if (sandbox.databaseUrl) {
      ledger = await settledReplicaLedgers(sandbox.databaseUrl, submitted);
      console.log(
        `[bench]   ledgers of ${ledger.sessions} submitted sessions: ${ledger.completed} completed (${ledger.completedTwice.length} twice), ${ledger.charges} charges (${ledger.doubleCharged.length} double, ${ledger.uncharged.length} missing), out of order: webhook ${ledger.handledOutOfOrder.webhook.length}, billing ${ledger.handledOutOfOrder.billing.length}; ${ledgerHolds(ledger) ? 'hold' : 'DO NOT HOLD'}`,
      );
    }
    return { replicas, loadAverage: { before: loadBefore, after: loadAfter }, steps: figures, outcomes, memory, concurrency, ledger };
  } finally {
    await sandbox.stop();
  }
}

async function main(): Promise<void> {
  const runs: Awaited<ReturnType<typeof runOnce>>[] = [];
  for (const replicas of replicaCounts(process.argv.slice(2))) runs.push(await runOnce(replicas));
  const ms = (value: number) => value.toFixed(0);
  const table = sideBySide(
    ['', ...runs.map((run) => `N = ${run.replicas}`)],
    [
      ['load average (before → after)', ...runs.map((run) => `${run.loadAverage.before} → ${run.loadAverage.after}`)],
      ['whole verification p50 ms', ...runs.map((run) => ms(run.steps.total.p50))],
      ['whole verification p95 ms', ...runs.map((run) => ms(run.steps.total.p95))],
      ['submit p95 ms', ...runs.map((run) => ms(run.steps.submit.p95))],
      ['upload document p95 ms', ...runs.map((run) => ms(run.steps.upload_document.p95))],
      [`${CONCURRENT_UPLOADS} uploads at once p95 ms`, ...runs.map((run) => ms(run.concurrency.uploadMs.p95))],
      ['outcomes', ...runs.map((run) => JSON.stringify(run.outcomes))],
      [
        'completed once / submitted',
        ...runs.map((run) => (run.ledger ? `${run.ledger.completed - run.ledger.completedTwice.length}/${run.ledger.sessions}` : '–')),
      ],
      ['charges (double)', ...runs.map((run) => (run.ledger ? `${run.ledger.charges} (${run.ledger.doubleCharged.length})` : '–'))],
      [
        'consumers out of order',
        ...runs.map((run) =>
          run.ledger ? String(run.ledger.handledOutOfOrder.webhook.length + run.ledger.handledOutOfOrder.billing.length) : '–',
        ),
      ],
    ],
  );
  console.log(`[bench] side by side:\n${table}`);

  const outDir = path.resolve(process.cwd(), 'bench-results');
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const jsonFile = path.join(outDir, `pipeline-${stamp}.json`);
  const svgFile = path.join(outDir, `pipeline-${stamp}.svg`);
  writeFileSync(jsonFile, JSON.stringify({ at: new Date().toISOString(), verifications: VERIFICATIONS, runs }, null, 2) + '\n');
  writeFileSync(
    svgFile,
    percentileChart(
      'Sandbox verification steps',
      runs.flatMap((run) =>
        (Object.keys(run.steps) as Step[]).map((step) => ({
          label: runs.length > 1 ? `${step} N=${run.replicas}` : step,
          values: { p50: run.steps[step].p50, p95: run.steps[step].p95 },
        })),
      ),
    ),
  );
  console.log(`[bench] results: ${jsonFile}\n[bench] chart:   ${svgFile}`);
  if (runs.some((run) => run.ledger && !ledgerHolds(run.ledger))) {
    console.error('[bench] a ledger check failed (see the results file)');
    process.exitCode = 1;
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

main().catch((error) => {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
