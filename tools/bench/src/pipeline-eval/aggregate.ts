import { CASE_KINDS, type CaseKind, type PlannedCase } from './case-plan';

/**
 * What one eval verification ended in and why, and the figures over all of them: plain functions
 * over plain data, so the rates and reasons are tested without a stack.
 */

/** The session's end: the verification read's status after submit, or how the run stopped before it. */
export type FinalStatus =
  | 'completed'
  | 'manual_review'
  | 'action_required'
  | 'failed'
  /** The selfie was refused at upload (422) and no retake was accepted: nothing to submit. */
  | 'selfie_refused'
  /** Submit answered KYC_021/KYC_022 twice (a new selfie was asked for and did not help). */
  | 'selfie_unusable'
  /** The run broke (an unexpected answer): counted apart, never as a decision. */
  | 'error';

export interface UploadRetake {
  /** main, front or back: the side the upload was for. */
  side: string;
  errorCode: string;
  reasonCode: string;
}

export interface SelfieRefusal {
  errorCode: string;
  /** `REASON|SPOOF|<cue>` for a liveness refusal. */
  details: string;
}

export interface CaseOutcome {
  id: string;
  kind: CaseKind;
  documentType: string;
  layout: string | null;
  holder: string;
  /** The photos used (paths under the data folder): the printed portrait, the selfie, the selfie retake. */
  images?: { portrait: string; selfie: string; selfieRetake: string | null };
  final: FinalStatus;
  /** Upload answers that asked for a retake (first captures and, when refused again, retakes). */
  retakes: UploadRetake[];
  /** Issue codes of accepted uploads (advisory). */
  uploadIssues: string[];
  selfieRefusals: SelfieRefusal[];
  /** Submit answers of KYC_021 / KYC_022 before a new selfie. */
  selfieResubmits: string[];
  /** Issue codes of the submit / read (`manual_review`, `action_required`). */
  issues: string[];
  failureReason: string | null;
  /** The scoring decision's rule (admin decisions API), null when not read. */
  ruleFired: string | null;
  /** Explanation signals that made a rule fire (signal names, with internal codes where given). */
  firedSignals: string[];
  faceMatch: { status: string | null; score: number | null };
  confidence: number | null;
  error?: string;
}

/** Approved = completed automatically; review = a person must look (manual_review) or a side is asked for again. */
export const isApproved = (o: CaseOutcome): boolean => o.final === 'completed';
export const isReview = (o: CaseOutcome): boolean => o.final === 'manual_review' || o.final === 'action_required';
export const isFailed = (o: CaseOutcome): boolean => o.final === 'failed';
/** Refused before a decision: the selfie never got in. */
export const isRefused = (o: CaseOutcome): boolean => o.final === 'selfie_refused' || o.final === 'selfie_unusable';

/**
 * Why a case was not approved, in the words of the issue's question: the document quality gate, an
 * unreadable MRZ, the face match, liveness, or a scoring rule (named). The first cause in the
 * pipeline's order wins; an approved case has none.
 */
export function causeOf(o: CaseOutcome): string | null {
  if (isApproved(o)) return null;
  if (o.final === 'error') return `run error`;
  if (o.final === 'selfie_refused') return `liveness (selfie refused: ${o.selfieRefusals.map((r) => r.details || r.errorCode).join(', ')})`;
  if (o.final === 'selfie_unusable') return `selfie unusable at submit (${o.selfieResubmits.join(', ')})`;
  const codes = new Set([...o.issues, ...o.uploadIssues, o.failureReason ?? '']);
  if (codes.has('DOC_EXPIRED') || o.failureReason === 'KYC_013') return 'document expired';
  if (codes.has('WRONG_SIDE_BACK_UPLOADED') || codes.has('MRZ_MISSING_BACK_SIDE')) return 'document side';
  if (codes.has('DOCUMENT_QUALITY_TOO_LOW')) return 'document quality gate';
  if (codes.has('MRZ_DATA_UNREADABLE')) return 'MRZ unreadable';
  for (const code of ['PORTRAIT_NOT_DETECTED', 'LOW_DETECTION_CONFIDENCE', 'MRZ_CROSS_LOW_SCORE', 'DOCUMENT_MIXING_SUSPECTED'])
    if (codes.has(code)) return `document reading (${code})`;
  if (o.faceMatch.status && o.faceMatch.status !== 'MATCHED') return `face match (${o.faceMatch.status})`;
  if (o.failureReason === 'KYC_020' || codes.has('FACE_MATCH_LOW_SCORE')) return 'face match';
  if (o.ruleFired && o.ruleFired !== 'auto_approved') return `scoring rule ${o.ruleFired}`;
  return `scoring (${o.final})`;
}

/**
 * Every reason a case shows, as countable keys: the upload retake codes (`retake:`), liveness
 * refusals (`selfie:`), submit issues (`issue:`), the failure code (`failure:`) and the scoring
 * rule that decided (`rule:`).
 */
export function reasonsOf(o: CaseOutcome): string[] {
  const reasons = [
    ...o.retakes.map((r) => `retake:${r.reasonCode}`),
    ...o.selfieRefusals.map((r) => `selfie:${r.details || r.errorCode}`),
    ...o.selfieResubmits.map((code) => `submit:${code}`),
    ...o.issues.map((code) => `issue:${code}`),
    ...(o.failureReason ? [`failure:${o.failureReason}`] : []),
    ...(o.ruleFired && !isApproved(o) ? [`rule:${o.ruleFired}`] : []),
  ];
  return [...new Set(reasons)];
}

export interface KindFigures {
  n: number;
  approved: number;
  review: number;
  failed: number;
  refused: number;
  errors: number;
  approvedRate: number | null;
  reviewRate: number | null;
  failedRate: number | null;
  /** Reason key → cases of this kind showing it. */
  reasons: Record<string, number>;
  /** Cause (causeOf) → cases of this kind not approved for it. */
  causes: Record<string, number>;
}

const rate = (count: number, n: number): number | null => (n === 0 ? null : Math.round((count / n) * 10_000) / 10_000);

function countBy(keys: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

export function figuresOf(outcomes: readonly CaseOutcome[]): KindFigures {
  const decided = outcomes.filter((o) => o.final !== 'error');
  const n = decided.length;
  const approved = decided.filter(isApproved).length;
  const review = decided.filter(isReview).length;
  const failed = decided.filter(isFailed).length;
  return {
    n,
    approved,
    review,
    failed,
    refused: decided.filter(isRefused).length,
    errors: outcomes.length - n,
    approvedRate: rate(approved, n),
    reviewRate: rate(review, n),
    failedRate: rate(failed, n),
    reasons: countBy(decided.flatMap(reasonsOf)),
    causes: countBy(decided.flatMap((o) => causeOf(o) ?? [])),
  };
}

export interface EvalReport {
  cases: number;
  genuine: KindFigures;
  impostor: KindFigures;
  expired: KindFigures;
  wrongSide: KindFigures & {
    /** Cases whose back-shown-as-front upload was asked for a retake with WRONG_SIDE_BACK_UPLOADED. */
    retake: number;
    retakeRate: number | null;
  };
  spoof: KindFigures & {
    /** Refused = never approved: refused at the selfie upload (422 KYC_008b) or not approved at submit. */
    refused: number;
    /** Refused as not live at the selfie upload (422 KYC_008b, the retake too). */
    refusedAtUpload: number;
    refusedRate: number | null;
  };
  /** Per layout (document type/layout): each kind's figures. */
  byLayout: Record<string, Partial<Record<CaseKind, { n: number; approved: number; approvedRate: number | null }>>>;
  /** Reason key → per kind count. */
  byReason: Record<string, Partial<Record<CaseKind, number>>>;
  /** Genuine cases not approved, each with its cause. */
  genuineNotApproved: Array<{
    id: string;
    layout: string;
    holder: string;
    images: CaseOutcome['images'];
    final: FinalStatus;
    cause: string;
    reasons: string[];
  }>;
  targets: Record<string, { value: number | null; target: string; met: boolean | null }>;
}

export const layoutKey = (o: Pick<CaseOutcome, 'documentType' | 'layout'>): string => `${o.documentType}/${o.layout ?? 'default'}`;

/** Whether the case's first front upload (the card back shown as its front) was asked for a retake as the wrong side. */
export const askedWrongSideRetake = (o: CaseOutcome): boolean =>
  o.retakes.some((r) => r.side === 'front' && r.reasonCode === 'WRONG_SIDE_BACK_UPLOADED');

export function aggregate(outcomes: readonly CaseOutcome[]): EvalReport {
  const of = (kind: CaseKind) => outcomes.filter((o) => o.kind === kind);
  const wrongSide = of('wrongSide').filter((o) => o.final !== 'error');
  const spoofs = of('spoof').filter((o) => o.final !== 'error');
  const spoofFigures = figuresOf(spoofs);
  const retake = wrongSide.filter(askedWrongSideRetake).length;
  const spoofRefused = spoofs.filter((o) => !isApproved(o)).length;

  const byLayout: EvalReport['byLayout'] = {};
  for (const key of [...new Set(outcomes.map(layoutKey))].sort()) {
    byLayout[key] = {};
    for (const kind of CASE_KINDS) {
      const these = outcomes.filter((o) => o.kind === kind && layoutKey(o) === key && o.final !== 'error');
      if (these.length === 0) continue;
      const approved = these.filter(isApproved).length;
      byLayout[key][kind] = { n: these.length, approved, approvedRate: rate(approved, these.length) };
    }
  }
  const byReason: EvalReport['byReason'] = {};
  for (const o of outcomes) {
    if (o.final === 'error') continue;
    for (const reason of reasonsOf(o)) {
      byReason[reason] ??= {};
      byReason[reason][o.kind] = (byReason[reason][o.kind] ?? 0) + 1;
    }
  }

  const genuine = figuresOf(of('genuine'));
  const impostor = figuresOf(of('impostor'));
  const expired = figuresOf(of('expired'));
  const met = (value: number | null, ok: (v: number) => boolean) => (value === null ? null : ok(value));
  const wrongSideRate = rate(retake, wrongSide.length);
  const impostorRate = impostor.approvedRate;
  const expiredRate = expired.approvedRate;
  return {
    cases: outcomes.length,
    genuine,
    impostor,
    expired,
    wrongSide: { ...figuresOf(wrongSide), retake, retakeRate: wrongSideRate },
    spoof: {
      ...spoofFigures,
      refused: spoofRefused,
      refusedAtUpload: spoofs.filter((o) => o.final === 'selfie_refused').length,
      refusedRate: rate(spoofRefused, spoofs.length),
    },
    byLayout,
    byReason,
    genuineNotApproved: of('genuine')
      .filter((o) => !isApproved(o))
      .map((o) => ({
        id: o.id,
        layout: layoutKey(o),
        holder: o.holder,
        images: o.images,
        final: o.final,
        cause: causeOf(o) ?? '',
        reasons: reasonsOf(o),
      })),
    targets: {
      genuineApproved: { value: genuine.approvedRate, target: '≥ 90 %', met: met(genuine.approvedRate, (v) => v >= 0.9) },
      impostorApproved: { value: impostorRate, target: '0 %', met: met(impostorRate, (v) => v === 0) },
      expiredApproved: { value: expiredRate, target: '0 %', met: met(expiredRate, (v) => v === 0) },
      wrongSideRetake: { value: wrongSideRate, target: '100 %', met: met(wrongSideRate, (v) => v === 1) },
    },
  };
}

/** The case's plan fields an outcome repeats, so that a report line names its case. */
export function outcomeBase(
  c: PlannedCase,
  relativeTo = '',
): Pick<CaseOutcome, 'id' | 'kind' | 'documentType' | 'layout' | 'holder' | 'images'> {
  const name = (file: string | null) =>
    file && relativeTo && file.startsWith(relativeTo) ? file.slice(relativeTo.length).replace(/^\//, '') : file;
  return {
    id: c.id,
    kind: c.kind,
    documentType: c.documentType,
    layout: c.layout,
    holder: c.holder,
    images: {
      portrait: name(c.portrait) ?? '',
      selfie: `${name(c.selfie.file)}${c.selfie.kind === 'synthetic' ? ` (synthetic ${c.selfie.attack})` : ''}`,
      selfieRetake: name(c.selfieRetake),
    },
  };
}
