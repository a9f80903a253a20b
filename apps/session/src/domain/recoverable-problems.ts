import { ErrorCode } from '@kyc/errors';

/**
 * The spec's rule for recoverable upload problems (part 3): the first occurrence of a problem on a
 * side asks for a retake (KYC_007 or KYC_015 with details.reasonCode, see retakeErrorCode); the same problem on the next upload of
 * that side is accepted, recorded and routes to manual_review at submit; a clean upload of a side
 * clears what was recorded for it.
 */
export type Side = 'front' | 'back' | 'main';

/**
 * The retake error of a first occurrence. Spec 7.2 has two: KYC_007 "image quality too low" and
 * KYC_015 "verification confidence too low, clearer images". A problem the picture itself causes
 * (blur, glare, the wrong side, an unreadable MRZ, no portrait) is KYC_007; one where the picture
 * is readable but what it shows cannot be trusted enough (the document barely recognised, a front
 * and back that disagree or look like two documents) is KYC_015. Both carry details.reasonCode.
 */
const CONFIDENCE_PROBLEMS: readonly string[] = ['LOW_DETECTION_CONFIDENCE', 'MRZ_CROSS_LOW_SCORE', 'DOCUMENT_MIXING_SUSPECTED'];

export function retakeErrorCode(reasonCode: string): ErrorCode.IMAGE_QUALITY_TOO_LOW | ErrorCode.CONFIDENCE_TOO_LOW {
  return CONFIDENCE_PROBLEMS.includes(reasonCode) ? ErrorCode.CONFIDENCE_TOO_LOW : ErrorCode.IMAGE_QUALITY_TOO_LOW;
}

export interface UploadProblemState {
  /** Problems answered with a retake, awaiting the next upload of the side. */
  pending?: Partial<Record<Side, string[]>>;
  /** Problems accepted on a repeated occurrence; they send the attempt to review. */
  recorded?: Partial<Record<Side, string[]>>;
}

export type UploadEvaluation =
  | { outcome: 'accepted'; state: UploadProblemState }
  | { outcome: 'retake'; reasonCode: string; state: UploadProblemState }
  | { outcome: 'accepted_recorded'; recorded: string[]; state: UploadProblemState };

export function evaluateUploadProblems(
  previous: UploadProblemState | null | undefined,
  side: Side,
  problems: readonly string[],
): UploadEvaluation {
  const pending = { ...(previous?.pending ?? {}) };
  const recorded = { ...(previous?.recorded ?? {}) };
  const unique = [...new Set(problems)];
  if (unique.length === 0) {
    delete pending[side];
    delete recorded[side];
    return { outcome: 'accepted', state: { pending, recorded } };
  }
  const seenBefore = new Set(pending[side] ?? []);
  const fresh = unique.filter((code) => !seenBefore.has(code));
  if (fresh.length > 0) {
    pending[side] = unique;
    return { outcome: 'retake', reasonCode: fresh[0], state: { pending, recorded } };
  }
  delete pending[side];
  recorded[side] = unique;
  return { outcome: 'accepted_recorded', recorded: unique, state: { pending, recorded } };
}

/** Every problem recorded on any side, once each. */
export function recordedProblems(state: UploadProblemState | null | undefined): string[] {
  return [...new Set(Object.values(state?.recorded ?? {}).flat())];
}
