import { readFileSync } from 'fs';
import { loadavg } from 'os';
import sharp from 'sharp';
import { type Box, checkLiveness, checkLivenessOnImage, type LivenessOptions, type LivenessResult, type RgbImage } from '@kyc/face';
import { decodeToRgb } from '@kyc/face/stages';
import { rocCurve, type RocPoint } from '../roc';
import { type CandidateReport, candidateReport } from './candidate-fusion';
import { CANDIDATE_KEYS, type CandidateKey, type CandidateScores } from './human-liveness-candidates';
import { type LabelledFile } from './labelled-set';
import { errorRates, type ErrorRates, percentile } from './liveness-metrics';
import { minimaxOperatingPoint, type OperatingPoint, operatingPoints } from './operating-points';
import { type ScreenGridSpread, screenGridSpread } from './screen-grid-sensitivity';
import { liveVariants, syntheticSpoofs, type DerivedSample } from './synthetic-spoofs';

export interface ScoredSample {
  name: string;
  set: string;
  kind: string;
  label: 'live' | 'spoof';
  attackType?: string;
  isLive: boolean;
  confidence: number;
  liveProbability: number | null;
  modelLiveProbability: number | null;
  reason?: string;
  subReason?: string;
  cues?: LivenessResult['details']['cues'];
  totalMs?: number;
  /** Second-opinion models' live probability on the same face box (eval:liveness --candidates). */
  candidates?: CandidateScores;
}

export interface LivenessSet {
  name: string;
  files: LabelledFile[];
  /** Real captures (not derived from another image). Default true. */
  real?: boolean;
}

export interface LivenessRoc {
  set: string;
  /** Where the bona fide and attack samples of the curve come from. */
  bonaFide: string;
  attacks: string;
  /** tar = bona fide accepted (1 − BPCER), far = attacks accepted (APCER), over the live-probability threshold. */
  fused: RocPoint[];
  modelOnly: RocPoint[];
  /** Candidate second models alone (eval:liveness --candidates). */
  candidates?: Partial<Record<CandidateKey, RocPoint[]>>;
}

/** Rejected bona fide captures and accepted attacks of the real sets, with what decided each. */
export interface RealSetSummary {
  live: {
    n: number;
    rejected: number;
    bpcer: number | null;
    modelOnlyRejected: number;
    modelOnlyBpcer: number | null;
    rejections: Array<{ set: string; name: string; reason?: string; subReason?: string; model: number | null; fused: number | null }>;
  };
  attacks: {
    n: number;
    refused: number;
    modelOnlyRefused: number;
    accepted: Array<{ set: string; name: string; attackType?: string; model: number | null; fused: number | null }>;
  };
  /** Per cue: real bona fide captures it rejected (dominant cue of a SPOOF verdict) and real attacks it refused that the model alone accepted. */
  byCue: Record<string, { rejectedLive: string[]; caughtAttacksModelMissed: string[] }>;
}

export interface LivenessEvalReport {
  liveness: ErrorRates & {
    threshold: number;
    modelOnly: ErrorRates;
    bySet: Record<string, ErrorRates>;
    bySetModelOnly: Record<string, ErrorRates>;
    real: RealSetSummary;
    rocs: LivenessRoc[];
    /** The fused verdict over a sweep of thresholds, real and synthetic sets together (operating-points.ts). */
    operatingPoints: OperatingPoint[];
    /** The swept threshold with the smallest worst of real BPCER and synthetic attack APCERs. */
    minimax: OperatingPoint | null;
    /** The screen-grid statistic of the real bona fide photos on their box and its highest over nearby boxes, highest first. */
    screenGridSpread: ScreenGridSpread[];
    perImage: ScoredSample[];
  };
  /** Candidate second models beside MiniFASNet, per set, and fusion rules with them (candidate-fusion.ts). */
  candidates?: CandidateReport;
  latency: {
    image: string;
    runs: number;
    p50Ms: number;
    p95Ms: number;
    meanMs: number;
    meanStageMs?: { decode: number; models: number; evidence: number };
    cpuMsPerCall?: number;
    loadAverage?: number[];
    note: string;
  };
  notes: string[];
}

function scored(
  name: string,
  set: string,
  kind: string,
  label: 'live' | 'spoof',
  result: LivenessResult,
  attackType?: string,
): ScoredSample {
  return {
    name,
    set,
    kind,
    label,
    ...(attackType && attackType !== 'none' ? { attackType } : {}),
    isLive: result.isLive,
    confidence: result.confidence,
    liveProbability: result.details.liveProbability ?? null,
    modelLiveProbability: result.details.models?.mean ?? null,
    reason: result.reason,
    subReason: result.subReason,
    cues: result.details.cues,
    totalMs: result.details.timingsMs?.total,
  };
}

/**
 * Synthetic attacks are derived from frames reduced to this longest side: a phone selfie
 * preview's size, the regime the simulated display pitch (1.3–2.3 camera pixels) and halftone
 * cells were designed for, and it keeps the per-pixel simulation affordable on large photos.
 */
export const SYNTHETIC_SOURCE_SIDE = 640;

async function reduced(image: RgbImage, box: Box): Promise<{ image: RgbImage; box: Box }> {
  const factor = SYNTHETIC_SOURCE_SIDE / Math.max(image.width, image.height);
  if (factor >= 1) return { image, box };
  const width = Math.round(image.width * factor);
  const height = Math.round(image.height * factor);
  const data = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return {
    image: { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) },
    box: { x: box.x * factor, y: box.y * factor, width: box.width * factor, height: box.height * factor },
  };
}

const setKey = (row: ScoredSample): string => (row.set === 'synthetic' ? `synthetic:${row.kind}` : row.set);

export async function evaluateLiveness(input: {
  sets: LivenessSet[];
  /** Live files from which synthetic attacks and live variants are derived. */
  syntheticSources: Array<{ path: string; name: string; box: Box }>;
  threshold?: number;
  latencyRuns?: number;
  progress?: (line: string) => void;
  /** Finds the face in files that come without a box (e.g. an outside labels.csv). */
  detectFace?: LivenessOptions['detectFace'];
  /** Scores a face box of an analysis image with candidate second models (eval:liveness --candidates). */
  candidates?: { score(image: RgbImage, box: Box): Promise<CandidateScores> };
}): Promise<LivenessEvalReport> {
  const threshold = input.threshold ?? 0.5;
  const log = input.progress ?? (() => undefined);
  const rows: ScoredSample[] = [];
  const spreads: ScreenGridSpread[] = [];
  const realSets = new Set(input.sets.filter((s) => s.real !== false).map((s) => s.name));
  for (const set of input.sets) {
    for (const file of set.files) {
      const bytes = readFileSync(file.path);
      const result = await checkLiveness(bytes, { faceBox: file.box, detectFace: input.detectFace, threshold });
      const row = scored(file.file, set.name, 'file', file.label, result, file.attackType);
      if (input.candidates && result.details.faceBox) {
        // The box the verdict used is in analysis pixels: score the candidates on the same decoded image.
        const decoded = await decodeToRgb(bytes);
        if (decoded.ok) row.candidates = await input.candidates.score(decoded.image, result.details.faceBox);
      }
      rows.push(row);
      if (realSets.has(set.name) && file.label === 'live' && file.box) {
        const spread = await screenGridSpread(file.path, `${set.name}/${file.file}`, file.box);
        if (spread) spreads.push(spread);
      }
      log(
        `${set.name} ${file.file} (${file.label}): ${result.isLive ? 'live' : `not live ${result.reason}/${result.subReason}`} p=${result.details.liveProbability?.toFixed(3) ?? '-'} model=${result.details.models?.mean.toFixed(3) ?? '-'}`,
      );
    }
  }
  for (const source of input.syntheticSources) {
    const decoded = await decodeToRgb(readFileSync(source.path));
    if (!decoded.ok) continue;
    const scaledBox = {
      x: source.box.x * decoded.scale,
      y: source.box.y * decoded.scale,
      width: source.box.width * decoded.scale,
      height: source.box.height * decoded.scale,
    };
    const { image, box } = await reduced(decoded.image, scaledBox);
    const derived: DerivedSample[] = [...syntheticSpoofs(source.name, image, box), ...(await liveVariants(source.name, image, box))];
    for (const sample of derived) {
      const result = await checkLivenessOnImage(sample.image, { faceBox: sample.box, threshold });
      const row = scored(sample.name, 'synthetic', sample.kind, sample.label, result);
      if (input.candidates && result.details.faceBox) row.candidates = await input.candidates.score(sample.image, result.details.faceBox);
      rows.push(row);
      log(
        `synthetic ${sample.name} (${sample.label}): ${result.isLive ? 'live' : `not live ${result.reason}/${result.subReason}`} p=${result.details.liveProbability?.toFixed(3) ?? '-'} model=${result.details.models?.mean.toFixed(3) ?? '-'}`,
      );
    }
  }

  const modelAccepts = (r: ScoredSample): boolean => (r.modelLiveProbability ?? 0) >= threshold;
  const verdicts = (list: ScoredSample[]): ErrorRates => errorRates(list.map((r) => ({ label: r.label, acceptedAsLive: r.isLive })));
  const modelVerdicts = (list: ScoredSample[]): ErrorRates =>
    errorRates(list.map((r) => ({ label: r.label, acceptedAsLive: modelAccepts(r) })));
  const bySet: Record<string, ErrorRates> = {};
  const bySetModelOnly: Record<string, ErrorRates> = {};
  for (const key of [...new Set(rows.map(setKey))]) {
    bySet[key] = verdicts(rows.filter((r) => setKey(r) === key));
    bySetModelOnly[key] = modelVerdicts(rows.filter((r) => setKey(r) === key));
  }

  const sweep = operatingPoints(rows, realSets);
  const latency = await measureLatency(input.syntheticSources[0], input.latencyRuns ?? 40);
  log(
    `latency on ${latency.image}: p50 ${latency.p50Ms.toFixed(1)} ms, p95 ${latency.p95Ms.toFixed(1)} ms over ${latency.runs} runs; mean stages ${JSON.stringify(latency.meanStageMs)}; CPU ${latency.cpuMsPerCall?.toFixed(1)} ms/call; load ${latency.loadAverage?.map((l) => l.toFixed(1)).join('/')}`,
  );
  return {
    liveness: {
      ...verdicts(rows),
      threshold,
      modelOnly: modelVerdicts(rows),
      bySet,
      bySetModelOnly,
      real: summariseReal(
        rows.filter((r) => realSets.has(r.set)),
        modelAccepts,
      ),
      rocs: livenessRocs(rows, realSets),
      operatingPoints: sweep,
      minimax: minimaxOperatingPoint(sweep) ?? null,
      screenGridSpread: spreads.sort((a, b) => b.highest - a.highest),
      perImage: rows,
    },
    ...(input.candidates ? { candidates: candidateReport(rows, realSets, threshold) } : {}),
    latency,
    notes: [
      'Verdicts with no liveness decision (bad image, missing face box) count as rejected: an attack correctly, a bona fide sample as a BPCER error.',
      'Live-only sets (faces-real-dev: real photos of 20 people, every one a bona fide capture) measure BPCER only.',
      `synthetic:* samples are derived from live images reduced to ${SYNTHETIC_SOURCE_SIDE} px (simulated RGB-stripe screen replays with moire, CMY halftone prints with gamut compression, both optionally framed by a device/photo edge; live variants are JPEG re-encoding, exposure and noise). They are weaker evidence than real re-photographed attacks.`,
      'modelOnly is upstream fusion alone (mean live softmax of MiniFASNetV2 + MiniFASNetV1SE >= threshold), for comparison with the fused verdict.',
      'The real attack sets are small (spoof-real-dev: 6 attacks): a count of refused attacks, not an attack error rate.',
    ],
  };
}

function summariseReal(rows: ScoredSample[], modelAccepts: (r: ScoredSample) => boolean): RealSetSummary {
  const live = rows.filter((r) => r.label === 'live');
  const attacks = rows.filter((r) => r.label === 'spoof');
  const rejected = live.filter((r) => !r.isLive);
  const modelRejected = live.filter((r) => !modelAccepts(r));
  const byCue: RealSetSummary['byCue'] = {};
  for (const row of rejected) {
    if (row.reason !== 'SPOOF' || row.subReason === 'MODEL' || !row.subReason) continue;
    (byCue[row.subReason] ??= { rejectedLive: [], caughtAttacksModelMissed: [] }).rejectedLive.push(`${row.set}/${row.name}`);
  }
  for (const row of attacks) {
    if (row.isLive || !modelAccepts(row) || !row.subReason) continue;
    (byCue[row.subReason] ??= { rejectedLive: [], caughtAttacksModelMissed: [] }).caughtAttacksModelMissed.push(`${row.set}/${row.name}`);
  }
  return {
    live: {
      n: live.length,
      rejected: rejected.length,
      bpcer: live.length ? rejected.length / live.length : null,
      modelOnlyRejected: modelRejected.length,
      modelOnlyBpcer: live.length ? modelRejected.length / live.length : null,
      rejections: rejected.map((r) => ({
        set: r.set,
        name: r.name,
        reason: r.reason,
        subReason: r.subReason,
        model: r.modelLiveProbability,
        fused: r.liveProbability,
      })),
    },
    attacks: {
      n: attacks.length,
      refused: attacks.filter((r) => !r.isLive).length,
      modelOnlyRefused: attacks.filter((r) => !modelAccepts(r)).length,
      accepted: attacks
        .filter((r) => r.isLive)
        .map((r) => ({ set: r.set, name: r.name, attackType: r.attackType, model: r.modelLiveProbability, fused: r.liveProbability })),
    },
    byCue,
  };
}

/**
 * One ROC per set, over the live-probability threshold. A set with both kinds of sample is scored
 * on its own; a live-only set is scored against all the real attacks, and a synthetic attack kind
 * against all the real bona fide captures. No verdict (missing face, bad image) is probability 0.
 */
export function livenessRocs(rows: ScoredSample[], realSets: Set<string>): LivenessRoc[] {
  const realLive = rows.filter((r) => realSets.has(r.set) && r.label === 'live');
  const realAttacks = rows.filter((r) => realSets.has(r.set) && r.label === 'spoof');
  const rocs: LivenessRoc[] = [];
  const distance = (p: number | null): number => 1 - (p ?? 0);
  const curve = (live: ScoredSample[], attacks: ScoredSample[], pick: (r: ScoredSample) => number | null): RocPoint[] =>
    rocCurve(
      live.map((r) => distance(pick(r))),
      attacks.map((r) => distance(pick(r))),
    ).map((p) => ({ ...p, threshold: 1 - p.threshold }));
  for (const key of [...new Set(rows.map(setKey))]) {
    const own = rows.filter((r) => setKey(r) === key);
    const ownLive = own.filter((r) => r.label === 'live');
    const ownAttacks = own.filter((r) => r.label === 'spoof');
    const live = ownLive.length ? ownLive : realLive;
    const attacks = ownAttacks.length ? ownAttacks : realAttacks;
    if (!live.length || !attacks.length) continue;
    rocs.push({
      set: key,
      bonaFide: ownLive.length ? key : 'all real bona fide captures',
      attacks: ownAttacks.length ? key : 'all real attacks',
      fused: curve(live, attacks, (r) => r.liveProbability),
      modelOnly: curve(live, attacks, (r) => r.modelLiveProbability),
      ...(rows.some((r) => r.candidates)
        ? { candidates: Object.fromEntries(CANDIDATE_KEYS.map((k) => [k, curve(live, attacks, (r) => r.candidates?.[k] ?? null)])) }
        : {}),
    });
  }
  return rocs;
}

async function measureLatency(
  source: { path: string; name: string; box: Box } | undefined,
  runs: number,
): Promise<LivenessEvalReport['latency']> {
  if (!source) return { image: '-', runs: 0, p50Ms: 0, p95Ms: 0, meanMs: 0, note: 'no image' };
  const bytes = readFileSync(source.path);
  await checkLiveness(bytes, { faceBox: source.box }); // sessions are created lazily on the first call
  const times: number[] = [];
  const stages = { decode: 0, models: 0, evidence: 0 };
  // CPU time (all threads) per call: a contention-independent proxy for the uncontended latency.
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = await checkLiveness(bytes, { faceBox: source.box });
    times.push(performance.now() - started);
    const t = result.details.timingsMs;
    if (t) {
      stages.decode += t.decode / runs;
      stages.models += t.models / runs;
      stages.evidence += t.evidence / runs;
    }
  }
  const cpuAfter = process.cpuUsage(cpuBefore);
  return {
    image: source.name,
    runs,
    p50Ms: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    meanMs: times.reduce((a, b) => a + b, 0) / times.length,
    meanStageMs: stages,
    cpuMsPerCall: (cpuAfter.user + cpuAfter.system) / 1000 / runs,
    // The machine's 1/5/15-minute load: figures taken under load are not the uncontended latency.
    loadAverage: loadavg(),
    note: 'decode + both models + image evidence, one call at a time, sessions already created; wall-clock on this machine (shared with other jobs)',
  };
}
