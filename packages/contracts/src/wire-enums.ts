import * as common from './gen/kyc/common/v1/common';

/**
 * Domain names ⇄ the kyc.common.v1 enums on the wire. Services keep their readable names
 * ('sandbox', 'front', 'manual_review') in the domain and the database; only transports see the
 * wire values. `fromWire` answers null for _UNSPECIFIED or a value this build does not know, so a
 * receiver decides what a missing value means (see requireWire in @kyc/grpc).
 */
export interface WireEnum<N extends string, W extends string> {
  readonly names: readonly N[];
  toWire(name: N): W;
  fromWire(value: W | undefined): N | null;
}

export function wireEnum<N extends string, W extends string>(table: Record<N, W>): WireEnum<N, W> {
  const byWire = new Map<string, N>((Object.entries(table) as [N, W][]).map(([name, wire]) => [wire, name]));
  return {
    names: Object.keys(table) as N[],
    toWire: (name) => table[name],
    fromWire: (value) => (value === undefined ? null : (byWire.get(value) ?? null)),
  };
}

/** A project environment by name; `test` is the project's test mode (sk_test_/pk_test_ keys). */
export type EnvironmentName = 'test' | 'sandbox' | 'live';
export const projectEnvironments = wireEnum<EnvironmentName, common.ProjectEnvironment>({
  test: common.ProjectEnvironment.PROJECT_ENVIRONMENT_TEST,
  sandbox: common.ProjectEnvironment.PROJECT_ENVIRONMENT_SANDBOX,
  live: common.ProjectEnvironment.PROJECT_ENVIRONMENT_LIVE,
});
export const toProtoEnvironment = projectEnvironments.toWire;
export const environmentName = projectEnvironments.fromWire;

export type DocumentSideName = 'front' | 'back' | 'main';
export const documentSides = wireEnum<DocumentSideName, common.DocumentSide>({
  front: common.DocumentSide.DOCUMENT_SIDE_FRONT,
  back: common.DocumentSide.DOCUMENT_SIDE_BACK,
  main: common.DocumentSide.DOCUMENT_SIDE_MAIN,
});

export type EvidenceScopeName = DocumentSideName | 'document' | 'face';
export const evidenceScopes = wireEnum<EvidenceScopeName, common.EvidenceScope>({
  front: common.EvidenceScope.EVIDENCE_SCOPE_FRONT,
  back: common.EvidenceScope.EVIDENCE_SCOPE_BACK,
  main: common.EvidenceScope.EVIDENCE_SCOPE_MAIN,
  document: common.EvidenceScope.EVIDENCE_SCOPE_DOCUMENT,
  face: common.EvidenceScope.EVIDENCE_SCOPE_FACE,
});

export type SignalSourceName = 'document' | 'upload' | 'face' | 'duplicate';
export const signalSources = wireEnum<SignalSourceName, common.SignalSource>({
  document: common.SignalSource.SIGNAL_SOURCE_DOCUMENT,
  upload: common.SignalSource.SIGNAL_SOURCE_UPLOAD,
  face: common.SignalSource.SIGNAL_SOURCE_FACE,
  duplicate: common.SignalSource.SIGNAL_SOURCE_DUPLICATE,
});

export type SignalKindName = 'problem' | 'hard' | 'authenticity' | 'recorded';
export const signalKinds = wireEnum<SignalKindName, common.SignalKind>({
  problem: common.SignalKind.SIGNAL_KIND_PROBLEM,
  hard: common.SignalKind.SIGNAL_KIND_HARD,
  authenticity: common.SignalKind.SIGNAL_KIND_AUTHENTICITY,
  recorded: common.SignalKind.SIGNAL_KIND_RECORDED,
});

export type SeverityName = 'low' | 'medium' | 'high';
export const severities = wireEnum<SeverityName, common.Severity>({
  low: common.Severity.SEVERITY_LOW,
  medium: common.Severity.SEVERITY_MEDIUM,
  high: common.Severity.SEVERITY_HIGH,
});

export type VerificationOutcomeName = 'completed' | 'manual_review' | 'action_required' | 'failed' | 'rejected';
export const verificationOutcomes = wireEnum<VerificationOutcomeName, common.VerificationOutcome>({
  completed: common.VerificationOutcome.VERIFICATION_OUTCOME_COMPLETED,
  manual_review: common.VerificationOutcome.VERIFICATION_OUTCOME_MANUAL_REVIEW,
  action_required: common.VerificationOutcome.VERIFICATION_OUTCOME_ACTION_REQUIRED,
  failed: common.VerificationOutcome.VERIFICATION_OUTCOME_FAILED,
  rejected: common.VerificationOutcome.VERIFICATION_OUTCOME_REJECTED,
});

/** Upper case, as the spec shows face match statuses (4.7 faceMatchStatus). */
export type FaceMatchStatusName = 'MATCHED' | 'NOT_MATCHED' | 'LOW_SCORE' | 'NOT_PERFORMED';
export const faceMatchStatuses = wireEnum<FaceMatchStatusName, common.FaceMatchStatus>({
  MATCHED: common.FaceMatchStatus.FACE_MATCH_STATUS_MATCHED,
  NOT_MATCHED: common.FaceMatchStatus.FACE_MATCH_STATUS_NOT_MATCHED,
  LOW_SCORE: common.FaceMatchStatus.FACE_MATCH_STATUS_LOW_SCORE,
  NOT_PERFORMED: common.FaceMatchStatus.FACE_MATCH_STATUS_NOT_PERFORMED,
});

export type SessionStatusName =
  | 'pending'
  | 'connected'
  | 'processing'
  | 'completed'
  | 'failed'
  | 'expired'
  | 'manual_review'
  | 'action_required'
  | 'rejected'
  | 'superseded';
export const sessionStatuses = wireEnum<SessionStatusName, common.SessionStatus>({
  pending: common.SessionStatus.SESSION_STATUS_PENDING,
  connected: common.SessionStatus.SESSION_STATUS_CONNECTED,
  processing: common.SessionStatus.SESSION_STATUS_PROCESSING,
  completed: common.SessionStatus.SESSION_STATUS_COMPLETED,
  failed: common.SessionStatus.SESSION_STATUS_FAILED,
  expired: common.SessionStatus.SESSION_STATUS_EXPIRED,
  manual_review: common.SessionStatus.SESSION_STATUS_MANUAL_REVIEW,
  action_required: common.SessionStatus.SESSION_STATUS_ACTION_REQUIRED,
  rejected: common.SessionStatus.SESSION_STATUS_REJECTED,
  superseded: common.SessionStatus.SESSION_STATUS_SUPERSEDED,
});

export type AttemptStatusName = 'processing' | 'success' | 'manual_review' | 'action_required' | 'failed' | 'rejected' | 'abandoned';
export const attemptStatuses = wireEnum<AttemptStatusName, common.AttemptStatus>({
  processing: common.AttemptStatus.ATTEMPT_STATUS_PROCESSING,
  success: common.AttemptStatus.ATTEMPT_STATUS_SUCCESS,
  manual_review: common.AttemptStatus.ATTEMPT_STATUS_MANUAL_REVIEW,
  action_required: common.AttemptStatus.ATTEMPT_STATUS_ACTION_REQUIRED,
  failed: common.AttemptStatus.ATTEMPT_STATUS_FAILED,
  rejected: common.AttemptStatus.ATTEMPT_STATUS_REJECTED,
  abandoned: common.AttemptStatus.ATTEMPT_STATUS_ABANDONED,
});
