import { ErrorCode } from '@kyc/errors';
import { resolvePersona } from '@kyc/test-personas';
import { type AppliedPolicy, DEFAULT_POLICY, type PolicySettings } from './policy-settings';

/** Codes the API may show to the end user (spec 2.8); every other signal is anti-fraud. */
export const USER_SHOWABLE_CODES = new Set([
  'WRONG_SIDE_BACK_UPLOADED',
  'PORTRAIT_NOT_DETECTED',
  'MRZ_CROSS_LOW_SCORE',
  'DOCUMENT_MIXING_SUSPECTED',
  'LOW_DETECTION_CONFIDENCE',
  'DOCUMENT_QUALITY_TOO_LOW',
  'MRZ_DATA_UNREADABLE',
  'MRZ_MISSING_BACK_SIDE',
  'DOC_EXPIRED',
  'FACE_MATCH_LOW_SCORE',
  'GENERIC_REVIEW',
]);

export type SignalSource = 'document' | 'upload' | 'face' | 'duplicate';
/** problem, hard or authenticity (document signals); recorded (upload problems). */
export type SignalKind = 'problem' | 'hard' | 'authenticity' | 'recorded';
export type SignalSeverity = 'low' | 'medium' | 'high';
export type EvidenceScope = 'front' | 'back' | 'main' | 'document' | 'face';
export type FaceMatchStatus = 'MATCHED' | 'NOT_MATCHED' | 'LOW_SCORE' | 'NOT_PERFORMED';

/**
 * A finding handed in by the session service: a recorded upload problem or a document signal.
 * Null where the sender did not say (an older sender, a value this build does not know).
 */
export interface ScoringSignal {
  name: string;
  value: number;
  code: string;
  source: SignalSource | null;
  kind: SignalKind | null;
  severity: SignalSeverity | null;
  side: EvidenceScope | null;
  /** Internal; kept in the stored explanation for reviewers, never shown. */
  detail: string;
}

export interface ScoringInput {
  testMode: boolean;
  email: string;
  signals: ScoringSignal[];
  documentAnalysed: boolean;
  documentType: string;
  /** Lowest detection confidence over the document sides, in [0,1]. */
  detectionConfidence: number;
  requiresBackSide: boolean;
  faceMatchPerformed: boolean;
  /** Calibrated in [0,1]: at or above 0.7 the face library calls a match (FAR <= 1e-3), below 0.3 not a match (beyond FAR 1e-2). */
  faceMatchScore: number;
  /** Null when the matcher did not say; treated as NOT_PERFORMED. */
  faceMatchStatus: FaceMatchStatus | null;
  livenessConfidence: number;
  duplicateSuspected: boolean;
  /** Re-collection (action_required) cycles the session has been through. */
  recollectionCycles: number;
}

/**
 * One line of a decision's explanation: what was looked at, its value, its weight in the
 * confidence, and the rule it made fire (or why it did not matter). Signal lines also carry the
 * raw finding, internal codes and detail included: stored for reviewers, never returned as issues.
 */
export interface ExplanationEntry {
  signal: string;
  value: number;
  weight: number;
  rule: string;
  code?: string;
  source?: SignalSource | null;
  kind?: SignalKind | null;
  severity?: SignalSeverity | null;
  side?: EvidenceScope | null;
  detail?: string;
}

export type Outcome = 'completed' | 'manual_review' | 'action_required' | 'failed' | 'rejected';
export type NextAction = 'resubmit_front' | 'resubmit_back';

export interface DecisionResult {
  outcome: Outcome;
  confidence: number;
  issueCodes: string[];
  nextAction: string;
  failureReason: string;
  rejectionReason: string;
  reviewedBy: string;
  explanation: ExplanationEntry[];
  /** Id of the rule that decided the outcome (see RULES), or auto_approved / test_mode_persona. */
  ruleFired: string;
  /** The settings the decision ran with; null for test-mode personas, which read none. */
  policy: AppliedPolicy | null;
}

/** After this many re-collection cycles a missing side goes to review instead of looping (spec part 3). */
export const MAX_RECOLLECTION_CYCLES = 2;

/** Compared and reported at this precision, so what a reviewer reads is exactly what was compared. */
const CONFIDENCE_DECIMALS = 4;

const NONE = { nextAction: '', failureReason: '', rejectionReason: '', reviewedBy: '' };

/** Anti-fraud signals collapse into GENERIC_REVIEW; the API never reveals which check fired. */
export function sanitizeIssueCodes(codes: readonly string[]): string[] {
  const shown = [...new Set(codes.map((code) => (USER_SHOWABLE_CODES.has(code) ? code : 'GENERIC_REVIEW')))];
  return shown.length ? shown : ['GENERIC_REVIEW'];
}

/** How the policy reads a signal: by its code for the findings the spec names, else by source and kind. */
export type SignalClass =
  | 'document_expired'
  | 'back_side_without_mrz'
  | 'wrong_side_photographed_twice'
  | 'recorded_upload_problem'
  | 'document_problem'
  | 'authenticity_review'
  | 'authenticity_penalty'
  | 'duplicate'
  | 'unrecognised';

export function classifySignal(signal: Pick<ScoringSignal, 'code' | 'source' | 'kind' | 'severity'>): SignalClass {
  // An expired document or an MRZ-less back side decide the outcome whoever reports them and
  // whatever kind they carry (the document service sends them as "hard").
  if (signal.code === 'DOC_EXPIRED') return 'document_expired';
  if (signal.code === 'MRZ_MISSING_BACK_SIDE') return 'back_side_without_mrz';
  if (signal.source === 'upload' && signal.kind === 'recorded') {
    // Recorded = the same problem came back on the retake (spec part 3); for the wrong side that
    // means it was photographed twice.
    return signal.code === 'WRONG_SIDE_BACK_UPLOADED' ? 'wrong_side_photographed_twice' : 'recorded_upload_problem';
  }
  if (signal.source === 'document' && signal.kind === 'problem') return 'document_problem';
  // Only an explicit low severity is merely a penalty; a missing one is treated as serious.
  if (signal.source === 'document' && signal.kind === 'authenticity')
    return signal.severity === 'low' ? 'authenticity_penalty' : 'authenticity_review';
  if (signal.source === 'duplicate') return 'duplicate';
  // Anything the policy has no rule for is looked at by a person rather than approved.
  return 'unrecognised';
}

/** An explanation line while the decision is made; its rule text stands when no rule fires on it. */
type Evidence = ExplanationEntry;

/** Everything the rules look at, each piece already an explanation line. */
export interface Facts {
  settings: PolicySettings;
  faceStatus: FaceMatchStatus;
  documentAnalysed: boolean;
  documentTypeKnown: boolean;
  duplicateSuspected: boolean;
  recollectionCycles: number;
  confidence: number;
  signals: { class: SignalClass; evidence: Evidence }[];
  evidence: {
    /** The parts of the confidence, each with its weight. */
    weighted: Evidence[];
    face: Evidence;
    documentAnalysed: Evidence;
    documentType: Evidence;
    requiresBackSide: Evidence;
    duplicate: Evidence;
    recollectionCycles: Evidence;
    threshold: Evidence;
    confidence: Evidence;
  };
}

/** Every explanation line, in the order a reviewer reads them: confidence parts, facts, signals, verdict inputs. */
function allEvidence(facts: Facts): Evidence[] {
  const e = facts.evidence;
  return [
    ...e.weighted,
    e.face,
    e.documentAnalysed,
    e.documentType,
    e.requiresBackSide,
    e.duplicate,
    e.recollectionCycles,
    ...facts.signals.map((s) => s.evidence),
    e.threshold,
    e.confidence,
  ];
}

export interface PolicyRule {
  id: string;
  outcome: 'failed' | 'action_required' | 'manual_review';
  /** When it fires, in words (docs/scoring-policy.md repeats these). */
  when: string;
  /** What the API shows: nothing (failed: only failureReason), a fixed code, or the signal's own code, sanitized. */
  shows: 'nothing' | 'signal_code' | 'FACE_MATCH_LOW_SCORE' | 'GENERIC_REVIEW';
  failureReason?: ErrorCode;
  nextAction?: NextAction;
  /** The evidence that makes it fire; empty when it does not. */
  firesOn(facts: Facts): Evidence[];
}

const signalsOf = (facts: Facts, ...classes: SignalClass[]): Evidence[] =>
  facts.signals.filter((s) => classes.includes(s.class)).map((s) => s.evidence);
const cyclesLeft = (facts: Facts) => facts.recollectionCycles < MAX_RECOLLECTION_CYCLES;
const when = (condition: boolean, evidence: Evidence[]): Evidence[] => (condition ? evidence : []);

/**
 * The policy, in order of precedence: the first rule that fires decides the outcome (failed, then
 * action_required, then manual_review); when none fires the attempt is completed. Under review,
 * every review rule that fired adds its code.
 */
export const RULES: readonly PolicyRule[] = [
  {
    id: 'document_expired',
    outcome: 'failed',
    failureReason: ErrorCode.DOCUMENT_EXPIRED,
    shows: 'nothing',
    when: 'a DOC_EXPIRED signal',
    firesOn: (f) => signalsOf(f, 'document_expired'),
  },
  {
    id: 'face_not_matched',
    outcome: 'failed',
    failureReason: ErrorCode.FACE_MISMATCH,
    shows: 'nothing',
    when: 'face match status NOT_MATCHED',
    firesOn: (f) => when(f.faceStatus === 'NOT_MATCHED', [f.evidence.face]),
  },
  {
    id: 'wrong_side_photographed_twice',
    outcome: 'action_required',
    nextAction: 'resubmit_front',
    shows: 'signal_code',
    when: `a recorded WRONG_SIDE_BACK_UPLOADED upload problem, fewer than ${MAX_RECOLLECTION_CYCLES} re-collection cycles so far`,
    firesOn: (f) => when(cyclesLeft(f), signalsOf(f, 'wrong_side_photographed_twice')),
  },
  {
    id: 'back_side_without_mrz',
    outcome: 'action_required',
    nextAction: 'resubmit_back',
    shows: 'signal_code',
    when: `an MRZ_MISSING_BACK_SIDE signal, fewer than ${MAX_RECOLLECTION_CYCLES} re-collection cycles so far`,
    firesOn: (f) => when(cyclesLeft(f), signalsOf(f, 'back_side_without_mrz')),
  },
  {
    id: 'recollection_limit_reached',
    outcome: 'manual_review',
    shows: 'signal_code',
    when: `a side would be asked for again after ${MAX_RECOLLECTION_CYCLES} re-collection cycles`,
    firesOn: (f) => when(!cyclesLeft(f), signalsOf(f, 'wrong_side_photographed_twice', 'back_side_without_mrz')),
  },
  {
    id: 'recorded_upload_problem',
    outcome: 'manual_review',
    shows: 'signal_code',
    when: 'any other upload problem recorded on a repeated upload (spec part 3)',
    firesOn: (f) => signalsOf(f, 'recorded_upload_problem'),
  },
  {
    id: 'document_problem',
    outcome: 'manual_review',
    shows: 'signal_code',
    when: 'a document signal of kind problem',
    firesOn: (f) => signalsOf(f, 'document_problem'),
  },
  {
    id: 'authenticity_signal',
    outcome: 'manual_review',
    shows: 'GENERIC_REVIEW',
    when: 'an authenticity signal of medium or high (or unknown) severity',
    firesOn: (f) => signalsOf(f, 'authenticity_review'),
  },
  {
    id: 'duplicate_suspected',
    outcome: 'manual_review',
    shows: 'GENERIC_REVIEW',
    when: 'a suspected duplicate, unless the project allows duplicates',
    firesOn: (f) =>
      when(f.settings.duplicates === 'review', [...when(f.duplicateSuspected, [f.evidence.duplicate]), ...signalsOf(f, 'duplicate')]),
  },
  {
    id: 'face_match_low_score',
    outcome: 'manual_review',
    shows: 'FACE_MATCH_LOW_SCORE',
    when: 'face match status LOW_SCORE',
    firesOn: (f) => when(f.faceStatus === 'LOW_SCORE', [f.evidence.face]),
  },
  {
    id: 'face_match_not_performed',
    outcome: 'manual_review',
    shows: 'GENERIC_REVIEW',
    when: 'no face match was performed (or its status is not one of the four)',
    firesOn: (f) => when(f.faceStatus === 'NOT_PERFORMED', [f.evidence.face]),
  },
  {
    id: 'document_not_analysed',
    outcome: 'manual_review',
    shows: 'GENERIC_REVIEW',
    when: 'the document could not be analysed',
    firesOn: (f) => when(!f.documentAnalysed, [f.evidence.documentAnalysed]),
  },
  {
    id: 'document_type_unknown',
    outcome: 'manual_review',
    shows: 'GENERIC_REVIEW',
    when: 'the document was analysed but its type could not be named',
    firesOn: (f) => when(f.documentAnalysed && !f.documentTypeKnown, [f.evidence.documentType]),
  },
  {
    id: 'unrecognised_signal',
    outcome: 'manual_review',
    shows: 'signal_code',
    when: 'a signal no rule above knows (another source or kind)',
    firesOn: (f) => signalsOf(f, 'unrecognised'),
  },
  {
    id: 'confidence_below_threshold',
    outcome: 'manual_review',
    shows: 'GENERIC_REVIEW',
    when: "confidence below the project's auto-approve threshold",
    firesOn: (f) => when(f.confidence < f.settings.autoApproveThreshold, [f.evidence.confidence]),
  },
];

/** Rule id of an attempt approved because no rule fired. */
export const AUTO_APPROVED = 'auto_approved';

/**
 * The decision policy. Test mode follows the persona, exactly as before; sandbox and live run the
 * rules above on the evidence, with the project environment's settings.
 */
export function decide(input: ScoringInput, policy: AppliedPolicy = DEFAULT_POLICY): DecisionResult {
  if (input.testMode) return decideForPersona(input.email);
  const facts = gatherFacts(input, policy.settings);
  const fired = RULES.map((rule) => ({ rule, evidence: rule.firesOn(facts) })).filter((f) => f.evidence.length > 0);

  const ruleOf = new Map<Evidence, string>();
  for (const { rule, evidence } of fired) for (const entry of evidence) if (!ruleOf.has(entry)) ruleOf.set(entry, rule.id);

  const decisive = fired[0];
  const ruleFired = decisive?.rule.id ?? AUTO_APPROVED;
  const outcome: Outcome = decisive?.rule.outcome ?? 'completed';
  const verdict: Evidence = { signal: `outcome:${outcome}`, value: facts.confidence, weight: 0, rule: ruleFired };
  const explanation = [...allEvidence(facts), verdict].map((evidence) => ({ ...evidence, rule: ruleOf.get(evidence) ?? evidence.rule }));
  const base = { ...NONE, outcome, confidence: facts.confidence, explanation, ruleFired, policy };

  if (!decisive) return { ...base, issueCodes: [] };
  const { rule } = decisive;
  if (rule.outcome === 'failed') return { ...base, issueCodes: [], failureReason: rule.failureReason ?? '' };
  if (rule.outcome === 'action_required') return { ...base, issueCodes: shownCodes([decisive]), nextAction: rule.nextAction ?? '' };
  return { ...base, issueCodes: shownCodes(fired) };
}

/** Codes of the fired rules, sanitized (spec 2.8): never an internal code, never empty. */
function shownCodes(fired: { rule: PolicyRule; evidence: Evidence[] }[]): string[] {
  const codes = fired.flatMap(({ rule, evidence }) => {
    if (rule.shows === 'nothing') return [];
    if (rule.shows === 'signal_code') return evidence.flatMap((entry) => (entry.code ? [entry.code] : []));
    return [rule.shows];
  });
  return sanitizeIssueCodes(codes);
}

function decideForPersona(email: string): DecisionResult {
  const persona = resolvePersona(email);
  const explanation = [
    { signal: 'test_persona', value: persona.confidence, weight: 1, rule: `test mode persona ${persona.email} is ${persona.outcome}` },
  ];
  const shared = { ...NONE, confidence: persona.confidence, explanation, ruleFired: 'test_mode_persona', policy: null };
  return persona.outcome === 'approved'
    ? { ...shared, outcome: 'completed', issueCodes: [] }
    : {
        ...shared,
        outcome: 'rejected',
        issueCodes: ['GENERIC_REVIEW'],
        rejectionReason: persona.rejectionReason,
        reviewedBy: 'test-mode-persona',
      };
}

/** A number in [0,1]; anything else (NaN, negative, above 1) is clamped, a non-number counts as 0. */
function fraction(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

function roundConfidence(value: number): number {
  return Number(fraction(value).toFixed(CONFIDENCE_DECIMALS));
}

/** `rule` is the text that stands when no rule fires on the line. */
const line = (signal: string, value: number, weight: number, rule: string): Evidence => ({ signal, value, weight, rule });

const UNFIRED_SIGNAL_NOTE: Partial<Record<SignalClass, string>> = {
  authenticity_penalty: 'low_severity_authenticity_penalty',
  duplicate: 'duplicate allowed by the project policy',
};

function gatherFacts(input: ScoringInput, settings: PolicySettings): Facts {
  const { weights } = settings;
  const faceStatus: FaceMatchStatus = input.faceMatchPerformed ? (input.faceMatchStatus ?? 'NOT_PERFORMED') : 'NOT_PERFORMED';
  const detection = input.documentAnalysed ? fraction(input.detectionConfidence) : 0;
  const faceScore = input.faceMatchPerformed ? fraction(input.faceMatchScore) : 0;
  const liveness = fraction(input.livenessConfidence);

  const signals = input.signals.map((signal) => {
    const signalClass = classifySignal(signal);
    const penalty = signalClass === 'authenticity_penalty' ? -settings.lowSeverityPenalty : 0;
    const evidence: Evidence = {
      ...line(
        `${signal.source || 'unknown'}:${signal.code || signal.name}`,
        signal.value,
        penalty,
        UNFIRED_SIGNAL_NOTE[signalClass] ?? 'no rule fired',
      ),
      code: signal.code,
      source: signal.source,
      kind: signal.kind,
      severity: signal.severity,
      side: signal.side,
      detail: signal.detail,
    };
    return { class: signalClass, evidence };
  });
  const penalties = signals.reduce((sum, s) => sum + s.evidence.weight, 0);
  const confidence = roundConfidence(
    weights.detectionConfidence * detection + weights.faceMatchScore * faceScore + weights.livenessConfidence * liveness + penalties,
  );

  const documentTypeKnown = input.documentType !== '' && input.documentType !== 'unknown';
  const duplicateNote = !input.duplicateSuspected
    ? 'no duplicate suspected'
    : settings.duplicates === 'allow'
      ? 'duplicate allowed by the project policy'
      : '';
  return {
    settings,
    faceStatus,
    documentAnalysed: input.documentAnalysed,
    documentTypeKnown,
    duplicateSuspected: input.duplicateSuspected,
    recollectionCycles: input.recollectionCycles,
    confidence,
    signals,
    evidence: {
      weighted: [
        line('detection_confidence', detection, weights.detectionConfidence, 'weighted into confidence'),
        line('face_match_score', faceScore, weights.faceMatchScore, 'weighted into confidence'),
        line('liveness_confidence', liveness, weights.livenessConfidence, 'weighted into confidence'),
      ],
      face: line(`face_match_status:${faceStatus}`, faceScore, 0, 'face matched'),
      documentAnalysed: line('document_analysed', input.documentAnalysed ? 1 : 0, 0, 'document analysed'),
      documentType: line(`document_type:${input.documentType || 'none'}`, documentTypeKnown ? 1 : 0, 0, 'recorded for reviewers'),
      duplicate: line('duplicate_suspected', input.duplicateSuspected ? 1 : 0, 0, duplicateNote),
      requiresBackSide: line('requires_back_side', input.requiresBackSide ? 1 : 0, 0, 'recorded for reviewers'),
      recollectionCycles: line('recollection_cycles', input.recollectionCycles, 0, 'recorded for reviewers'),
      threshold: line('auto_approve_threshold', settings.autoApproveThreshold, 0, 'project policy setting'),
      confidence: line('confidence', confidence, 0, `at or above the auto-approve threshold ${settings.autoApproveThreshold}`),
    },
  };
}
