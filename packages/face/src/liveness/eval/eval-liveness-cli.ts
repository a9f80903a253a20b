import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import { join, resolve } from 'path';
import { type FaceBox } from '../types';
import { evaluateLiveness } from './eval-liveness';
import { readLabelledSet } from './labelled-set';
import { livenessChartSvg } from './liveness-chart';

/**
 * npm run eval:liveness [-- --liveness <labels.csv>] [--threshold 0.5]
 * Evaluates on spoof-dev (upstream samples, hand-measured face boxes), on synthetic attacks
 * derived from its live image, and optionally on an outside labels.csv; writes
 * reports/eval-liveness.json and reports/eval-liveness.svg.
 */
const PACKAGE_DIR = resolve(__dirname, '..', '..', '..');
const REPO_ROOT = resolve(PACKAGE_DIR, '..', '..');

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const shared = process.env.KYC_SHARED_DIR ?? resolve(REPO_ROOT, '..', 'shared');
  const spoofDev = join(shared, 'data', 'spoof-dev');
  const boxes = (JSON.parse(readFileSync(join(PACKAGE_DIR, 'test-data', 'spoof-dev-face-boxes.json'), 'utf8')) as { boxes: Record<string, FaceBox> }).boxes;
  const spoofDevFiles = readLabelledSet(join(spoofDev, 'labels.csv'), boxes);
  const sets = [{ name: 'spoof-dev', files: spoofDevFiles }];
  const outside = argument('--liveness');
  if (outside) sets.push({ name: 'outside', files: readLabelledSet(resolve(outside)) });
  const threshold = Number(argument('--threshold') ?? 0.5);

  const report = await evaluateLiveness({
    sets,
    syntheticSources: spoofDevFiles.filter((f) => f.label === 'live' && f.box).map((f) => ({ path: f.path, name: f.file, box: f.box as FaceBox })),
    threshold,
    progress: (line) => process.stdout.write(`${line}\n`),
  });
  const reports = resolve(process.cwd(), 'reports');
  mkdirSync(reports, { recursive: true });
  writeFileSync(join(reports, 'eval-liveness.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(reports, 'eval-liveness.svg'), livenessChartSvg(report.liveness.perImage, threshold));
  const { apcer, bpcer, samples, modelOnly } = report.liveness;
  process.stdout.write(`\nfused: APCER ${apcer} BPCER ${bpcer} over ${samples} samples; MiniFASNet only: APCER ${modelOnly.apcer} BPCER ${modelOnly.bpcer}\n`);
  for (const [set, rates] of Object.entries(report.liveness.bySet)) process.stdout.write(`  ${set}: APCER ${rates.apcer} BPCER ${rates.bpcer} (${rates.spoofs} spoof, ${rates.lives} live)\n`);
  process.stdout.write(`wrote ${join(reports, 'eval-liveness.json')} and eval-liveness.svg\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`eval:liveness failed: ${(error as Error).message}\n`);
  process.exit(1);
});
