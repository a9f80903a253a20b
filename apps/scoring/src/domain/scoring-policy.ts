import { resolvePersona } from '@kyc/test-personas';

/** Codes the API may show to the end user (spec 2.8); every other signal is anti-fraud. */
export const USER_SHOWABLE_CODES = new Set([
  'WRONG_SIDE_BACK_UPLOADED', 'PORTRAIT_NOT_DETECTED', 'MRZ_CROSS_LOW_SCORE', 'DOCUMENT_MIXING_SUSPECTED', 'LOW_DETECTION_CONFIDENCE',
  'DOCUMENT_QUALITY_TOO_LOW', 'MRZ_DATA_UNREADABLE', 'MRZ_MISSING_BACK_SIDE', 'DOC_EXPIRED', 'FACE_MATCH_LOW_SCORE', 'GENERIC_REVIEW',
]);

export interface ScoringInput {
  testMode: boolean;
  email: string;
  signals: { name: string; value: number; code: string }[];
  documentAnalysed: boolean;
  faceMatchPerformed: boolean;
  faceMatchScore: number;
}

export interface ExplanationEntry {
  signal: string;
  value: number;
  weight: number;
  rule: string;
}

export interface DecisionResult {
  outcome: 'completed' | 'manual_review' | 'action_required' | 'failed' | 'rejected';
  confidence: number;
  issueCodes: string[];
  nextAction: string;
  failureReason: string;
  rejectionReason: string;
  reviewedBy: string;
  explanation: ExplanationEntry[];
}

const NONE = { nextAction: '', failureReason: '', rejectionReason: '', reviewedBy: '' };

/** Anti-fraud signals collapse into GENERIC_REVIEW; the API never reveals which check fired. */
export function sanitizeIssueCodes(codes: readonly string[]): string[] {
  const shown = [...new Set(codes.map((code) => (USER_SHOWABLE_CODES.has(code) ? code : 'GENERIC_REVIEW')))];
  return shown.length ? shown : ['GENERIC_REVIEW'];
}

/**
 * The decision policy. Test mode follows the persona. Otherwise an attempt is auto-approved only
 * on real evidence (the document read and the face matched) with no recorded issue; until the
 * analysis models land that never happens, so sandbox attempts go to review.
 */
export function decide(input: ScoringInput): DecisionResult {
  if (input.testMode) {
    const persona = resolvePersona(input.email);
    const explanation = [{ signal: 'test_persona', value: persona.confidence, weight: 1, rule: `test mode persona ${persona.email} is ${persona.outcome}` }];
    return persona.outcome === 'approved'
      ? { ...NONE, outcome: 'completed', confidence: persona.confidence, issueCodes: [], explanation }
      : { ...NONE, outcome: 'rejected', confidence: persona.confidence, issueCodes: ['GENERIC_REVIEW'], rejectionReason: persona.rejectionReason, reviewedBy: 'test-mode-persona', explanation };
  }
  const explanation: ExplanationEntry[] = [
    { signal: 'document_analysed', value: input.documentAnalysed ? 1 : 0, weight: 0.5, rule: 'auto-approval needs a document that was read' },
    { signal: 'face_match_score', value: input.faceMatchPerformed ? input.faceMatchScore : 0, weight: 0.5, rule: 'auto-approval needs a performed face match' },
    ...input.signals.map((s) => ({ signal: s.name, value: s.value, weight: 0, rule: `recorded problem ${s.code} routes to review` })),
  ];
  const confidence = (input.documentAnalysed ? 0.5 : 0) + (input.faceMatchPerformed ? 0.5 * input.faceMatchScore : 0);
  const recorded = input.signals.map((s) => s.code).filter(Boolean);
  if (!input.documentAnalysed || !input.faceMatchPerformed || recorded.length > 0) {
    return { ...NONE, outcome: 'manual_review', confidence, issueCodes: sanitizeIssueCodes(recorded), explanation };
  }
  return { ...NONE, outcome: 'completed', confidence, issueCodes: [], explanation };
}
