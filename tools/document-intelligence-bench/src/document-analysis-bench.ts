/**
 * bench:document-analysis — time per analysed side (p50/p95) on the mrz-dev images and on rendered clean
 * documents, and the share of rendered MRZs read with every check digit valid. Writes
 * reports/document-analysis-bench.json and an SVG chart beside it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { analyzeDocumentSide, type DocumentSide } from '@kyc/document-intelligence';
import { ocrThreads } from '@kyc/document-intelligence/stages';
import { MRZ_DEV_DIR, mrzDevAvailable, renderDocument, seededRandom, syntheticIdentity } from '@kyc/document-intelligence/testing';
import { percentile } from './percentile';

const REPORTS_DIR = join(__dirname, '..', '..', '..', 'reports');
const RUNS_PER_DEV_IMAGE = Number(process.env.BENCH_RUNS ?? 5);
const GENERATED = Number(process.env.BENCH_GENERATED ?? 20);

/** Process CPU time (all threads: onnxruntime's and libvips' included) of one call, beside its wall time. */
async function analyzeMeasured(image: Buffer, options: Parameters<typeof analyzeDocumentSide>[1]) {
  const before = process.cpuUsage();
  const analysis = await analyzeDocumentSide(image, options);
  const used = process.cpuUsage(before);
  return { a: analysis, cpuMs: Math.round((used.user + used.system) / 1000) };
}

async function main(): Promise<void> {
  const now = new Date();
  const timings: { source: string; totalMs: number; ocrMs: number; cpuMs: number }[] = [];
  // Warm-up: the first call creates the ONNX sessions; that one-off cost is reported separately.
  const warmStart = performance.now();
  await analyzeDocumentSide(await renderDocument({ mrzLines: syntheticIdentity(seededRandom(1), 'TD3').lines }), { side: 'main', now });
  const sessionWarmupMs = Math.round(performance.now() - warmStart);
  console.log(`warm-up (session creation + first analysis): ${sessionWarmupMs} ms`);

  const devResults: Record<string, unknown>[] = [];
  if (mrzDevAvailable()) {
    const sides: Record<string, DocumentSide> = { 'id1.jpg': 'front', 'id2.jpg': 'main', 'id_fail.png': 'back' };
    const labels = readFileSync(join(MRZ_DEV_DIR, 'labels.csv'), 'utf8').split('\n').slice(1).filter(Boolean);
    for (const [file, side] of Object.entries(sides)) {
      const image = readFileSync(join(MRZ_DEV_DIR, file));
      const expected = (labels.find((l) => l.startsWith(`${file},`)) ?? '').split(',').slice(3, 6).filter(Boolean);
      for (let run = 0; run < RUNS_PER_DEV_IMAGE; run += 1) {
        const { a, cpuMs } = await analyzeMeasured(image, { side, now });
        timings.push({ source: `mrz-dev/${file}`, totalMs: a.timingsMs.total, ocrMs: a.timingsMs.ocr, cpuMs });
        if (run === 0) {
          const exact = expected.length > 0 && JSON.stringify(a.mrz?.lines) === JSON.stringify(expected);
          devResults.push({
            file,
            side,
            format: a.mrz?.format ?? null,
            mrzValid: a.mrz?.valid ?? false,
            linesExact: exact,
            problems: a.problems,
          });
          console.log(
            `${file}: ${a.mrz?.format ?? 'no MRZ'} valid=${a.mrz?.valid ?? false} exact=${exact} problems=${a.problems.join(',') || '-'} ${a.timingsMs.total} ms`,
          );
        }
      }
    }
  } else {
    console.log(`mrz-dev not found at ${MRZ_DEV_DIR}; skipped`);
  }

  const random = seededRandom(2026);
  let allCheckDigitsValid = 0;
  let exactLines = 0;
  const failures: { expected: string[]; read: string[] | null }[] = [];
  for (let i = 0; i < GENERATED; i += 1) {
    const identity = syntheticIdentity(random, i % 2 === 0 ? 'TD3' : 'TD1');
    const vizLines = [`Surname/Nom: ${identity.surname}`, `Given names/Prénoms: ${identity.givenNames}`, `Sex/Sexe: ${identity.sex}`];
    const image = await renderDocument({ vizLines, mrzLines: identity.lines });
    const { a, cpuMs } = await analyzeMeasured(image, { side: identity.format === 'TD3' ? 'main' : 'back', now });
    timings.push({ source: `generated/${identity.format}`, totalMs: a.timingsMs.total, ocrMs: a.timingsMs.ocr, cpuMs });
    if (a.mrz?.checkDigits.every((c) => c.valid)) allCheckDigitsValid += 1;
    if (JSON.stringify(a.mrz?.lines) === JSON.stringify(identity.lines)) exactLines += 1;
    else failures.push({ expected: identity.lines, read: a.mrz?.lines ?? null });
    process.stdout.write(
      `generated ${i + 1}/${GENERATED}: ${identity.format} checks=${a.mrz?.checkDigits.every((c) => c.valid) ?? false} ${a.timingsMs.total} ms\n`,
    );
  }

  const totals = timings.map((t) => t.totalMs);
  const report = {
    when: now.toISOString(),
    cpus: cpus().length,
    loadAverage: loadavg(),
    sessionWarmupMs,
    sides: timings.length,
    totalMs: { p50: percentile(totals, 50), p95: percentile(totals, 95), max: Math.max(...totals) },
    ocrMs: {
      p50: percentile(
        timings.map((t) => t.ocrMs),
        50,
      ),
      p95: percentile(
        timings.map((t) => t.ocrMs),
        95,
      ),
    },
    cpuMs: {
      p50: percentile(
        timings.map((t) => t.cpuMs),
        50,
      ),
      p95: percentile(
        timings.map((t) => t.cpuMs),
        95,
      ),
    },
    ocrThreads: ocrThreads(),
    targetP95Ms: 400,
    generated: {
      count: GENERATED,
      allCheckDigitsValid,
      rate: GENERATED ? allCheckDigitsValid / GENERATED : 0,
      exactLines,
      target: 0.99,
      failures,
    },
    mrzDev: devResults,
    timings,
  };
  if (!existsSync(REPORTS_DIR)) mkdirSync(REPORTS_DIR, { recursive: true });
  writeFileSync(join(REPORTS_DIR, 'document-analysis-bench.json'), JSON.stringify(report, null, 2));
  writeFileSync(join(REPORTS_DIR, 'document-analysis-bench.svg'), chart(timings));
  console.log(
    `sides analysed: ${timings.length}; total p50 ${report.totalMs.p50} ms, p95 ${report.totalMs.p95} ms (target p95 ≤ 400 ms); CPU p50 ${report.cpuMs.p50} ms, p95 ${report.cpuMs.p95} ms; load average ${report.loadAverage.map((l: number) => l.toFixed(1)).join(' ')}`,
  );
  console.log(
    `generated MRZs with all check digits valid: ${allCheckDigitsValid}/${GENERATED} (${(report.generated.rate * 100).toFixed(1)} %, target ≥ 99 %); exact lines ${exactLines}/${GENERATED}`,
  );
  console.log(`wrote ${join(REPORTS_DIR, 'document-analysis-bench.json')} and .svg`);
}

/** Hand-written SVG: one bar per analysed side, grouped by source, with the 400 ms target line. */
function chart(timings: { source: string; totalMs: number }[]): string {
  const width = 900,
    height = 360,
    left = 60,
    bottom = 300,
    top = 30;
  const max = Math.max(400, ...timings.map((t) => t.totalMs));
  const barWidth = Math.max(2, (width - left - 20) / Math.max(1, timings.length) - 2);
  const y = (ms: number) => bottom - ((bottom - top) * ms) / max;
  const colours: Record<string, string> = {};
  const palette = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f'];
  const bars = timings.map((t, i) => {
    const colour = (colours[t.source] ??= palette[Object.keys(colours).length % palette.length]);
    return `<rect x="${left + i * (barWidth + 2)}" y="${y(t.totalMs)}" width="${barWidth}" height="${bottom - y(t.totalMs)}" fill="${colour}"><title>${t.source}: ${t.totalMs} ms</title></rect>`;
  });
  const legend = Object.entries(colours).map(
    ([s, c], i) =>
      `<rect x="${left + i * 170}" y="325" width="12" height="12" fill="${c}"/><text x="${left + 16 + i * 170}" y="336" font-size="12">${s}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">
<text x="${left}" y="18" font-size="14">Document analysis time per side (ms); dashed: 400 ms p95 target</text>
<line x1="${left}" y1="${bottom}" x2="${width - 10}" y2="${bottom}" stroke="#333"/><line x1="${left}" y1="${top}" x2="${left}" y2="${bottom}" stroke="#333"/>
<text x="${left - 6}" y="${y(max) + 4}" font-size="11" text-anchor="end">${Math.round(max)}</text><text x="${left - 6}" y="${bottom + 4}" font-size="11" text-anchor="end">0</text>
${bars.join('\n')}
<line x1="${left}" y1="${y(400)}" x2="${width - 10}" y2="${y(400)}" stroke="#c00" stroke-dasharray="6 4"/>
${legend.join('\n')}
</svg>
`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
