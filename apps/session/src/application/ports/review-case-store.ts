import type { EnvironmentName } from '../../domain/environment';
import type { SessionStatus } from '../../domain/session-status';

/** Someone who opened a case within the mark's lifetime (REVIEW_MARK_TTL_MS). */
export interface CaseMarkRecord {
  sessionId: string;
  operatorId: string;
  /** Null for the bootstrap credential (no person). */
  operatorEmail: string | null;
  openedAt: Date;
}

export interface QueueItemRecord {
  sessionId: string;
  environment: EnvironmentName;
  testMode: boolean;
  createdAt: Date;
  inReviewSince: Date;
  issueCodes: string[];
}

export interface QueueCountRecord {
  environment: EnvironmentName;
  count: number;
  oldestSince: Date;
}

/** A session as the case view and the history read it, with its latest attempt. */
export interface CaseSessionRecord {
  id: string;
  environment: EnvironmentName;
  status: SessionStatus;
  testMode: boolean;
  email: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  /** The latest transition into manual_review; null when it never went there (or before history was kept). */
  inReviewSince: Date | null;
  dataGeneration: number;
  /** A purge of the document data was asked for and acknowledged (or is queued). */
  documentPurgeRequested: boolean;
}

export interface CaseAttemptRecord {
  id: string;
  status: string;
  confidence: number | null;
  documentType: string | null;
  faceMatchStatus: string | null;
  faceMatchScore: number | null;
  failureReason: string | null;
  issueCodes: string[];
  extractedData: Record<string, string> | null;
  duplicateSuspected: boolean;
  /** The earlier verifications a suspected duplicate matched (empty before they were recorded). */
  duplicateOf: string[];
  createdAt: Date;
  decidedAt: Date | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
}

export interface TransitionRecord {
  fromStatus: string | null;
  toStatus: string;
  occurredAt: Date;
}

export interface SessionSearch {
  projectId: string;
  environment?: EnvironmentName;
  status?: string;
  sessionId?: string;
  createdFrom?: Date;
  createdTo?: Date;
  /** Hex SHA-256 of the trimmed, lower-cased clientMetadata.email. */
  emailHash?: string;
  /** The previous page's cursor (see SearchPage.nextBefore). */
  before?: string;
  limit: number;
}

export type SessionSummaryRecord = Pick<
  CaseSessionRecord,
  'id' | 'environment' | 'status' | 'testMode' | 'createdAt' | 'updatedAt' | 'expiresAt'
>;

export interface SearchPage<T> {
  items: T[];
  /** Opaque cursor of the last item when the page is full; null on the last page. */
  nextBefore: string | null;
}

/** Reads of the reviewer's side and the "opened by" marks (infrastructure/review-case.repository.ts). */
export interface ReviewCaseStore {
  queue(projectId: string, environment: EnvironmentName | undefined, limit: number): Promise<QueueItemRecord[]>;
  queueCounts(projectId: string, environment: EnvironmentName | undefined): Promise<QueueCountRecord[]>;
  /** The live marks (newer than `since`) of the given sessions. */
  marks(sessionIds: readonly string[], since: Date): Promise<CaseMarkRecord[]>;
  /** Marks the case opened by the operator now, if it is in manual_review (a decided case needs no mark). */
  mark(sessionId: string, operatorId: string): Promise<void>;
  /** KYC_001 for a session of another project. */
  findCase(projectId: string, sessionId: string): Promise<{ session: CaseSessionRecord; attempt: CaseAttemptRecord | null }>;
  attempts(sessionId: string): Promise<CaseAttemptRecord[]>;
  transitions(sessionId: string): Promise<TransitionRecord[]>;
  search(filter: SessionSearch): Promise<SearchPage<SessionSummaryRecord>>;
}
