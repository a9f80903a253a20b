/**
 * bench:mrz-recogniser — time of our OCR-B MRZ recogniser per line (the model's run alone, and with cutting the
 * strip), on the long lines the first OCR pass finds in the real images of mrz-real-dev and mrz-dev. The target
 * (issue 28) is ≤ 15 ms per line on 2 cores. Writes reports/mrz-recogniser-bench.json.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { decodeImage, detectLongLines, greyMrzStrip, ocrThreads, recogniseMrzStrip } from '@kyc/document-intelligence/stages';
import { SHARED_DATA_DIR } from '@kyc/document-intelligence/testing';
import { percentile } from './percentile';

const REPORTS_DIR = join(__dirname, '..', '..', '..', 'reports');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function main(): Promise<void> {
  const images = ['mrz-real-dev', 'mrz-dev'].flatMap((set) => {
    const dir = join(SHARED_DATA_DIR, set);
    return existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => /\.(jpe?g|png)$/i.test(f))
          .map((f) => join(dir, f))
      : [];
  });
  if (images.length === 0) throw new Error(`no images under ${SHARED_DATA_DIR}`);
  const modelMs: number[] = [];
  const withStripMs: number[] = [];
  const widths: number[] = [];
  for (const [k, file] of images.entries()) {
    const decoded = await decodeImage(readFileSync(file));
    if (!decoded.ok) continue;
    for (const region of await detectLongLines(decoded.image)) {
      for (let run = 0; run <= RUNS; run += 1) {
        const t0 = performance.now();
        const strip = await greyMrzStrip(decoded.image, region);
        const t1 = performance.now();
        await recogniseMrzStrip(strip.data, strip.width);
        const t2 = performance.now();
        // Run 0 warms the session (created on first use) and the strip's caches.
        if (run === 0) continue;
        modelMs.push(t2 - t1);
        withStripMs.push(t2 - t0);
        widths.push(strip.width);
      }
    }
    process.stdout.write(`\rimages ${k + 1}/${images.length}, lines timed ${modelMs.length / RUNS}`);
  }
  process.stdout.write('\n');
  const report = {
    machine: { cpus: cpus().length, loadAverage: loadavg(), ocrThreads: ocrThreads() },
    images: images.length,
    lines: modelMs.length / RUNS,
    runsPerLine: RUNS,
    stripWidth: { p50: percentile(widths, 50), p95: percentile(widths, 95) },
    modelMsPerLine: {
      p50: percentile(modelMs, 50),
      p95: percentile(modelMs, 95),
      mean: modelMs.reduce((s, v) => s + v, 0) / modelMs.length,
    },
    withStripMsPerLine: { p50: percentile(withStripMs, 50), p95: percentile(withStripMs, 95) },
    targetMsPerLine: 15,
  };
  console.log(JSON.stringify(report, null, 2));
  mkdirSync(REPORTS_DIR, { recursive: true });
  writeFileSync(join(REPORTS_DIR, 'mrz-recogniser-bench.json'), `${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
