import { MATCH_CALIBRATION, euclideanDistance } from '@kyc/face';

/**
 * Duplicate signal (issue: a face seen before under another identity, or the same identity
 * under another e-mail). Only completed verifications of the same project environment are
 * enrolled; identities and e-mails are compared as hashes, never as personal data.
 */
export interface EnrolledFace {
  sessionId: string;
  embedding: Float32Array;
  identityKey: string;
  emailKey: string;
}

export interface CandidateFace {
  sessionId: string;
  embedding: Float32Array;
  identityKey: string;
  emailKey: string;
}

export type DuplicateReason = 'different_identity' | 'different_email';

export interface DuplicateVerdict {
  suspected: boolean;
  matches: number;
  reasons: DuplicateReason[];
  /** The earlier verifications (sessions) matched, for the reviewer's case view (issue 29). */
  sessionIds: string[];
}

/** Selfie against selfie is a same-domain comparison: the library's threshold (FAR 1e-3 on faces-dev) applies as is. */
export const DUPLICATE_FACE_THRESHOLD = MATCH_CALIBRATION.threshold;

export function findDuplicates(candidate: CandidateFace, enrolled: readonly EnrolledFace[]): DuplicateVerdict {
  const reasons = new Set<DuplicateReason>();
  const sessionIds: string[] = [];
  let matches = 0;
  for (const earlier of enrolled) {
    if (earlier.sessionId === candidate.sessionId) continue;
    if (euclideanDistance(candidate.embedding, earlier.embedding) > DUPLICATE_FACE_THRESHOLD) continue;
    const reason = duplicateReason(candidate, earlier);
    if (!reason) continue;
    matches += 1;
    reasons.add(reason);
    sessionIds.push(earlier.sessionId);
  }
  return { suspected: matches > 0, matches, reasons: [...reasons].sort(), sessionIds };
}

/**
 * The same face is a duplicate only when something about the person changed: another identity
 * read from the document, or the same identity under another e-mail. An unknown key (document
 * not read, no e-mail) proves nothing either way.
 */
function duplicateReason(candidate: CandidateFace, earlier: EnrolledFace): DuplicateReason | null {
  const bothIdentities = candidate.identityKey !== '' && earlier.identityKey !== '';
  if (bothIdentities && candidate.identityKey !== earlier.identityKey) return 'different_identity';
  const bothEmails = candidate.emailKey !== '' && earlier.emailKey !== '';
  if (bothIdentities && bothEmails && candidate.emailKey !== earlier.emailKey) return 'different_email';
  return null;
}
