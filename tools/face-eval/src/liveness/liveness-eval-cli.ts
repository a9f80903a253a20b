import { mkdirSync, writeFileSync } from 'fs';
import { join, resolve } from 'path';
import { analyzeFace, type Box, livenessBoxOf, type RgbImage } from '@kyc/face';
import { SPOOF_DEV_BOXES } from '@kyc/face/testing';
import { LIVENESS_SETS, type LivenessSetFile, presentSets, setNameFor, SHARED_DATA_DIR } from '../dev-data';
import { printCandidateReport } from './candidate-report-print';
import { CANDIDATE_ONNX_DIR, HUMAN_FACE_CROP, HumanLivenessScorer } from './human-liveness-candidates';
import { evaluateLiveness } from './liveness-eval';
import { loadLivenessSets } from './dev-liveness-sets';
import { livenessChartSvg, writeLivenessRocs } from './liveness-chart';

/**
 * npm run eval:liveness [-- --liveness <labels.csv> ... --live <files.csv> ... --threshold 0.5 --candidates]
 * Evaluates on the development sets found under ../shared/data — spoof-dev (upstream samples,
 * hand-measured face boxes), spoof-real-dev (real live captures and attacks) and the photos of
 * faces-real-dev as live-only captures — plus synthetic attacks derived from their live images,
 * and any outside labels.csv (file,label[,attack_type][,x,y,width,height]) or live-only csv (a
 * file column). Files without a box get the selfie path's (our face analysis, livenessBoxOf). Writes reports/eval-liveness.json,
 * reports/eval-liveness.svg (per sample) and reports/eval-liveness.roc-<set>.svg (one ROC per set).
 * --candidates (npm run eval:liveness-candidates) also scores every sample with Human's antispoof
 * and liveness models (converted by `npm run models:candidates`) and reports them beside
 * MiniFASNet per set, with the fusion rules of candidate-fusion.ts.
 */
function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** Every value of a repeatable path option, resolved. */
function paths(name: string): string[] {
  return process.argv.flatMap((a, i) => (a === name && process.argv[i + 1] ? [resolve(process.argv[i + 1])] : []));
}

async function detectFaceBox(image: RgbImage): Promise<Box | null> {
  const analysis = await analyzeFace(image);
  return analysis.kind === 'face' || analysis.kind === 'low_quality' ? livenessBoxOf(analysis.face) : null;
}

async function main(): Promise<void> {
  const specs: LivenessSetFile[] = presentSets(LIVENESS_SETS);
  for (const file of paths('--liveness'))
    if (!specs.some((s) => s.file === file)) specs.push({ name: setNameFor(file, LIVENESS_SETS), file, kind: 'labelled' });
  for (const file of paths('--live'))
    if (!specs.some((s) => s.file === file)) specs.push({ name: setNameFor(file, LIVENESS_SETS), file, kind: 'live-only' });
  if (specs.length === 0) throw new Error(`no liveness sets under ${SHARED_DATA_DIR} and none given`);
  const threshold = Number(argument('--threshold') ?? 0.5);

  const { sets, syntheticSources } = await loadLivenessSets(specs, detectFaceBox, { 'spoof-dev': SPOOF_DEV_BOXES });
  process.stdout.write(
    `eval:liveness on ${sets.map((s) => `${s.name} (${s.files.length})`).join(', ')} + synthetic attacks from ${syntheticSources.length} live image(s)\n`,
  );
  let candidates: HumanLivenessScorer | undefined;
  if (process.argv.includes('--candidates')) {
    // --candidate-enlarge: the crop around the box as a sensitivity check (Human's is 1.4).
    candidates =
      (await HumanLivenessScorer.open(undefined, Number(argument('--candidate-enlarge') ?? HUMAN_FACE_CROP.enlarge))) ?? undefined;
    if (!candidates) throw new Error(`--candidates: no converted models in ${CANDIDATE_ONNX_DIR}; run npm run models:candidates`);
  }
  const report = await evaluateLiveness({
    sets,
    syntheticSources,
    threshold,
    candidates,
    progress: (line) => process.stdout.write(`${line}\n`),
  });
  const reports = resolve(process.cwd(), 'reports');
  mkdirSync(reports, { recursive: true });
  writeFileSync(join(reports, 'eval-liveness.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(reports, 'eval-liveness.svg'), livenessChartSvg(report.liveness.perImage, threshold));
  writeLivenessRocs(report.liveness.rocs, threshold, join(reports, 'eval-liveness'));
  const { apcer, bpcer, samples, modelOnly, real } = report.liveness;
  const pct = (v: number | null): string => (v === null ? '-' : `${(v * 100).toFixed(1)} %`);
  process.stdout.write(
    `\nfused: APCER ${pct(apcer)} BPCER ${pct(bpcer)} over ${samples} samples; MiniFASNet only: APCER ${pct(modelOnly.apcer)} BPCER ${pct(modelOnly.bpcer)}\n`,
  );
  for (const [set, rates] of Object.entries(report.liveness.bySet)) {
    const model = report.liveness.bySetModelOnly[set];
    process.stdout.write(
      `  ${set}: APCER ${pct(rates.apcer)} BPCER ${pct(rates.bpcer)} (${rates.spoofs} attacks, ${rates.lives} bona fide); model alone APCER ${pct(model.apcer)} BPCER ${pct(model.bpcer)}\n`,
    );
  }
  process.stdout.write(
    `real bona fide captures: BPCER ${pct(real.live.bpcer)} fused (${real.live.rejected}/${real.live.n}), ${pct(real.live.modelOnlyBpcer)} model alone\n`,
  );
  for (const r of real.live.rejections)
    process.stdout.write(
      `  rejected ${r.set}/${r.name}: ${r.reason}/${r.subReason} model ${r.model?.toFixed(3) ?? '-'} fused ${r.fused?.toFixed(3) ?? '-'}\n`,
    );
  process.stdout.write(
    `real attacks refused: ${real.attacks.refused}/${real.attacks.n} fused, ${real.attacks.modelOnlyRefused}/${real.attacks.n} model alone\n`,
  );
  for (const a of real.attacks.accepted)
    process.stdout.write(
      `  accepted ${a.set}/${a.name} (${a.attackType ?? 'attack'}): model ${a.model?.toFixed(3) ?? '-'} fused ${a.fused?.toFixed(3) ?? '-'}\n`,
    );
  process.stdout.write('operating points (fused; real bona fide refused, real attacks refused, synthetic errors):\n');
  for (const point of report.liveness.operatingPoints) {
    const synthetic = Object.entries(point.synthetic)
      .map(([kind, s]) => `${kind} ${s.errors}/${s.n} (${pct(s.rate)})`)
      .join(', ');
    process.stdout.write(
      `  t=${point.threshold}: real BPCER ${pct(point.realBonaFide.bpcer)} (${point.realBonaFide.refused}/${point.realBonaFide.n}), real attacks refused ${point.realAttacks.refused}/${point.realAttacks.n}; ${synthetic}; worst ${pct(point.worstRate)}\n`,
    );
  }
  const { minimax } = report.liveness;
  if (minimax)
    process.stdout.write(
      `minimax threshold (smallest worst of real BPCER and synthetic APCERs): ${minimax.threshold}, worst ${pct(minimax.worstRate)}\n`,
    );
  const spread = report.liveness.screenGridSpread.slice(0, 6);
  process.stdout.write(
    `screen-grid dB of real bona fide photos, on their box -> highest over 27 nearby boxes: ${spread.map((s) => `${s.name} ${s.atBox.toFixed(1)} -> ${s.highest.toFixed(1)}`).join(', ')}\n`,
  );
  const acrossFace = [...report.liveness.screenGridSpread].sort((a, b) => b.acrossFaceHighest - a.acrossFaceHighest).slice(0, 4);
  process.stdout.write(
    `across-face screen-grid dB (veto from 26), on their box -> highest over nearby boxes: ${acrossFace.map((s) => `${s.name} ${s.acrossFaceAtBox.toFixed(1)} -> ${s.acrossFaceHighest.toFixed(1)}`).join(', ')}\n`,
  );
  if (report.candidates) printCandidateReport(report.candidates, (line) => process.stdout.write(`${line}\n`));
  process.stdout.write(`wrote ${join(reports, 'eval-liveness.json')}, eval-liveness.svg and eval-liveness.liveness-roc-*.svg\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`eval:liveness failed: ${(error as Error).message}\n`);
  process.exit(1);
});
