/**
 * Deliberate faults and the reason codes the analyzer is expected to raise for them. The codes are the
 * spec's user-facing reason codes; finer detail goes to authenticity-signal codes.
 */
export type DocumentFault =
  | 'wrong_check_digit'
  | 'expired'
  | 'issue_after_expiry'
  | 'viz_mrz_mismatch'
  | 'front_back_different_people'
  | 'back_uploaded_as_front'
  | 'front_uploaded_as_back'
  | 'specimen'
  | 'greyscale_copy';

export const ALL_FAULTS: readonly DocumentFault[] = [
  'wrong_check_digit',
  'expired',
  'issue_after_expiry',
  'viz_mrz_mismatch',
  'front_back_different_people',
  'back_uploaded_as_front',
  'front_uploaded_as_back',
  'specimen',
  'greyscale_copy',
];

/** Faults that only exist for two-sided documents. */
export const ID_CARD_ONLY_FAULTS: readonly DocumentFault[] = [
  'front_back_different_people',
  'back_uploaded_as_front',
  'front_uploaded_as_back',
];

export interface ExpectedCodes {
  /** Spec reason codes on the image that shows the fault (SideAnalysis.problems). */
  problems: string[];
  /** Authenticity-signal codes (SideAnalysis.authenticitySignals[].code). */
  signals: string[];
  /** Codes that need both sides, so a single-side analysis cannot raise them. */
  documentProblems: string[];
}

export const FAULT_CODES: Record<DocumentFault, ExpectedCodes> = {
  // A check digit that does not match means the MRZ data cannot be trusted as read.
  wrong_check_digit: { problems: ['MRZ_DATA_UNREADABLE'], signals: ['CHECK_DIGIT_FAILED'], documentProblems: [] },
  expired: { problems: ['DOC_EXPIRED'], signals: [], documentProblems: [] },
  issue_after_expiry: { problems: [], signals: ['ISSUE_AFTER_EXPIRY'], documentProblems: [] },
  viz_mrz_mismatch: { problems: ['MRZ_CROSS_LOW_SCORE'], signals: ['MRZ_VIZ_MISMATCH'], documentProblems: [] },
  front_back_different_people: { problems: [], signals: [], documentProblems: ['DOCUMENT_MIXING_SUSPECTED'] },
  back_uploaded_as_front: { problems: ['WRONG_SIDE_BACK_UPLOADED'], signals: [], documentProblems: [] },
  // The front uploaded again as the back: the side that must carry the card's MRZ has none.
  front_uploaded_as_back: { problems: ['MRZ_MISSING_BACK_SIDE'], signals: [], documentProblems: [] },
  // Issued by UTO, ICAO's specimen state; the sides with an MRZ say so in machine-readable form.
  specimen: { problems: [], signals: ['SPECIMEN_DOCUMENT'], documentProblems: [] },
  // Every image a greyscale scan of a photocopy.
  greyscale_copy: { problems: [], signals: ['GREYSCALE_COPY'], documentProblems: [] },
};
