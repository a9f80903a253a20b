import type { EnvironmentName } from './environment';
import type { SessionSettings } from './environment-settings';
import type { UploadProblemState } from './recoverable-problems';
import type { ClientMetadata } from './session-request';
import type { PoaStatus } from './proof-of-address';
import type { NextAction, SessionStatus } from './session-status';

export type DocumentSide = 'front' | 'back' | 'main';

/** Which uploads are in. Document sides and the selfie (`face`). */
export type Uploads = Partial<Record<DocumentSide | 'face', boolean>>;

/** Every read and write of a session is scoped to the caller's project environment. */
export interface SessionScope {
  projectId: string;
  environment: EnvironmentName;
}

/** A session, with the environment's settings as they were when it was created (SessionSettings). */
export interface SessionRecord extends SessionSettings {
  id: string;
  projectId: string;
  environment: EnvironmentName;
  testMode: boolean;
  status: SessionStatus;
  clientMetadata: ClientMetadata;
  email: string | null;
  language: string;
  expiryMinutes: number;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  uploads: Uploads;
  documentType: string | null;
  requiresBackSide: boolean | null;
  uploadProblems: UploadProblemState;
  actionCycles: number;
  nextAction: NextAction | null;
  deviceData: Record<string, string>;
  latestAttemptId: string | null;
  /**
   * How many times the session's data has been purged. Uploads carry the generation they started
   * in; a purge takes the generations up to its own, so a session reopened after a failure keeps
   * its new uploads, and an upload that started before a purge is refused.
   */
  dataGeneration: number;
  /** Spec 2.10: when the end user consented to the wording in force (`consentTextVersion`); null before any consent. */
  consentAt: Date | null;
  consentTextVersion: string | null;
  consentLocale: string | null;
  /** The latest proof-of-address upload and its status; null before any. */
  poaJobId: string | null;
  poaStatus: PoaStatus | null;
}

/** One consent as recorded (append-only): what was agreed to, when, and from where. */
export interface ConsentRecord {
  textVersion: string;
  locale: string;
  ipAddress: string;
  userAgent: string;
}

/** A session as created (spec 4.1): everything later uploads and decisions fill in starts empty. */
export type NewSession = Pick<
  SessionRecord,
  | 'id'
  | 'projectId'
  | 'environment'
  | 'testMode'
  | 'status'
  | 'clientMetadata'
  | 'email'
  | 'language'
  | 'expiryMinutes'
  | 'expiresAt'
  | 'createdAt'
> &
  SessionSettings;

/** The caller's Idempotency-Key (scoped to the project) and the digest of the request it came with. */
export interface IdempotencyClaim {
  key: string;
  fingerprint: string;
}

/** Fields of a session a use case may change; a store writes only what is given. */
export type SessionChanges = Partial<
  Pick<
    SessionRecord,
    | 'status'
    | 'clientMetadata'
    | 'email'
    | 'expiresAt'
    | 'uploads'
    | 'documentType'
    | 'requiresBackSide'
    | 'uploadProblems'
    | 'actionCycles'
    | 'nextAction'
    | 'deviceData'
    | 'latestAttemptId'
    | 'dataGeneration'
    | 'consentAt'
    | 'consentTextVersion'
    | 'consentLocale'
    | 'poaJobId'
    | 'poaStatus'
  >
>;

/**
 * An attempt's own outcome (verification.status on the read). `processing` while the pipeline
 * runs under a lease; `abandoned` when it could not decide (a service down, a selfie the matcher
 * refused, the lease ran out): hidden from the read, kept on record with its reason.
 */
export type AttemptStatus = 'processing' | 'success' | 'manual_review' | 'action_required' | 'failed' | 'rejected' | 'abandoned';

export interface AttemptRecord {
  id: string;
  sessionId: string;
  status: AttemptStatus;
  confidence: number | null;
  documentType: string | null;
  faceMatchStatus: string | null;
  faceMatchScore: number | null;
  poaStatus: string | null;
  failureReason: string | null;
  isReused: boolean;
  extractedData: Record<string, string> | null;
  issueCodes: string[];
  nextAction: NextAction | null;
  /** Internal: the face matched an earlier verification under another identity or e-mail. */
  duplicateSuspected: boolean;
  createdAt: Date;
}

/** What a decided attempt records; a vault reuse also names the earlier attempt it reused. */
export type AttemptOutcome = Omit<AttemptRecord, 'id' | 'sessionId' | 'createdAt' | 'isReused' | 'poaStatus'> & {
  /** The identity hash of the document read (see verification-evidence.ts identityKey); empty or absent when none. */
  identityKey?: string | null;
  /** Set on a vault reuse: the earlier attempt whose data this one carries (is_reused follows). */
  reusedAttemptId?: string;
  /** The earlier verifications (session ids) a suspected duplicate matched, for the reviewer's case view (issue 29). */
  duplicateOf?: string[];
};

/** The attempt's status for each status a decision leaves the session in. */
export function attemptStatusFor(sessionStatus: SessionStatus): AttemptStatus {
  switch (sessionStatus) {
    case 'completed':
      return 'success';
    case 'manual_review':
    case 'action_required':
    case 'failed':
    case 'rejected':
      return sessionStatus;
    default:
      throw new Error(`a decision cannot leave a session ${sessionStatus}`);
  }
}

/** Review and action-required issues are never empty (spec 2.8): without a specific code, GENERIC_REVIEW. */
export function nonEmptyIssues(codes: readonly string[]): string[] {
  return codes.length ? [...new Set(codes)] : ['GENERIC_REVIEW'];
}
