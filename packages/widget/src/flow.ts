/** The hosted page's flow as plain functions: which side comes next, what a refusal asks the user to do. */

export const DOCUMENT_TYPES = ['passport', 'id_card', 'driver_license', 'residence_permit'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type Side = 'front' | 'back' | 'main';

/** Reason codes with an explanation in the catalogue (`retake.reasons`). */
export const RETAKE_REASONS = [
  'WRONG_SIDE_BACK_UPLOADED',
  'PORTRAIT_NOT_DETECTED',
  'MRZ_CROSS_LOW_SCORE',
  'DOCUMENT_MIXING_SUSPECTED',
  'LOW_DETECTION_CONFIDENCE',
  'DOCUMENT_QUALITY_TOO_LOW',
  'MRZ_DATA_UNREADABLE',
  'SELFIE_NOT_LIVE',
  'SELFIE_NO_FACE',
  'SELFIE_QUALITY',
  'GENERIC',
] as const;
export type RetakeReason = (typeof RETAKE_REASONS)[number];

/** A passport is one page (`main`); cards start with the front, and the upload's answer says whether a back is needed. */
export function firstSideOf(type: DocumentType): Side {
  return type === 'passport' ? 'main' : 'front';
}

/** After a side is accepted: the back when the document needs one, else the selfie. */
export function nextAfterSide(side: Side, requiresBackSide: boolean | undefined): 'back' | 'selfie' {
  return side === 'front' && requiresBackSide === true ? 'back' : 'selfie';
}

/** `action_required` asks for one side again (spec part 3, rule 6): only that side is captured. */
export function sideOfNextAction(nextAction: string | null | undefined): Side | null {
  if (nextAction === 'resubmit_front') return 'front';
  if (nextAction === 'resubmit_back') return 'back';
  return null;
}

/**
 * Whether a refusal is a retake, and which explanation it gets: KYC_007 / KYC_015 by their
 * `details.reasonCode` (an unknown code gets the generic one), the selfie's spoof refusal
 * (KYC_008b) and the selfie problems found at submit (KYC_021, KYC_022). Anything else is not a
 * retake (null).
 */
export function retakeReasonOf(errorCode: string, reasonCode: string | null): RetakeReason | null {
  if (errorCode === 'KYC_007' || errorCode === 'KYC_015') {
    return (RETAKE_REASONS as readonly string[]).includes(reasonCode ?? '') ? (reasonCode as RetakeReason) : 'GENERIC';
  }
  if (errorCode === 'KYC_008b') return 'SELFIE_NOT_LIVE';
  if (errorCode === 'KYC_021') return 'SELFIE_NO_FACE';
  if (errorCode === 'KYC_022') return 'SELFIE_QUALITY';
  return null;
}

export type Ending = 'completed' | 'review' | 'failed' | 'expired' | 'closed' | 'invalid' | 'handoffUsed' | 'handoffLapsed';

/** The result screen a submit's status leads to; `action_required` and open statuses are not endings (null). */
export function endingOfStatus(status: string): Ending | null {
  switch (status) {
    case 'completed':
      return 'completed';
    case 'manual_review':
      return 'review';
    case 'failed':
    case 'rejected':
      return 'failed';
    case 'expired':
      return 'expired';
    case 'superseded':
      return 'closed';
    default:
      return null;
  }
}

/** Refusals that end the flow whatever the screen: an expired session, a decided one, a bad token. */
export function endingOfError(status: number, errorCode: string): Ending | null {
  if (errorCode === 'KYC_003') return 'expired';
  if (errorCode === 'KYC_SESSION_CLOSED') return 'closed';
  if (errorCode === 'KYC_HANDOFF_USED') return 'handoffUsed';
  if (errorCode === 'KYC_HANDOFF_INVALID') return 'handoffLapsed';
  // The embedding page named another user's e-mail: this link is not for whoever is in front of it.
  if (errorCode === 'KYC_WIDGET_EMAIL_MISMATCH') return 'invalid';
  if (status === 401 || errorCode === 'KYC_001') return 'invalid';
  return null;
}
