/** What a proof-of-address upload is, by its content (the gateway's intake sniffed it). */
export type PoaMediaType = 'pdf' | 'jpeg' | 'png';

const MEDIA_TYPES: readonly string[] = ['pdf', 'jpeg', 'png'];

export function isPoaMediaType(value: string): value is PoaMediaType {
  return MEDIA_TYPES.includes(value);
}

/** A job's outcome: `poaStatus` with sanitized reason codes and the document's kind (never its content). */
export interface PoaDocumentOutcome {
  status: 'verified' | 'rejected' | 'manual_review';
  reasons: string[];
  documentKind: string;
}

/** Test mode runs no analysis (spec part 1): a valid file is verified as it is. */
export const TEST_MODE_POA_OUTCOME: PoaDocumentOutcome = { status: 'verified', reasons: [], documentKind: 'other' };
