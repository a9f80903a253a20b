export { type PoaDocumentKind, type ProofOfAddressReading } from './types';
export { readProofOfAddressText } from './read-proof-of-address-text';
export { PoaImageUnreadableError, readProofOfAddress } from './read-proof-of-address';
export {
  DEFAULT_POA_MAX_AGE_MONTHS,
  judgeProofOfAddress,
  type PoaJudgement,
  type PoaJudgementContext,
  type PoaNameMatch,
  type PoaReason,
  type PoaStatus,
} from './judge-proof-of-address';
export { compareHolderName, type HolderNameComparison, holderNameMatches, type IdentityName } from './name-match';
export { classifyDocumentKind } from './document-kind';
export { findDates } from './dates';
