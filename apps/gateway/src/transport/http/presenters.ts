import { attemptStatuses, type session, sessionStatuses } from '@kyc/contracts';
import { presentDesignTokens } from './branding-presenters';
import type {
  ConsentResponse,
  CreatedSessionResponse,
  DeviceDataResponse,
  DocumentUploadResponse,
  FaceUploadResponse,
  PoaJobResponse,
  SessionResponse,
  SubmitResponse,
  VerificationResponse,
  WidgetSessionResponse,
} from './openapi/response-schemas';

/** gRPC messages → the public JSON shapes of spec part 2, with the spec's exact field names. */

function parseMetadata(json: string): Record<string, unknown> {
  return json ? (JSON.parse(json) as Record<string, unknown>) : {};
}

export function presentCreatedSession(s: session.Session): CreatedSessionResponse {
  return {
    id: s.id,
    status: sessionStatuses.fromWire(s.status),
    embedToken: s.embedToken,
    expiresAt: s.expiresAt,
    createdAt: s.createdAt,
    widgetUrl: s.widgetUrl,
    qrCodeUrl: s.qrCodeUrl,
    allowManualUpload: s.allowManualUpload,
    testMode: s.testMode,
  };
}

export function presentSession(s: session.Session): SessionResponse {
  return {
    id: s.id,
    status: sessionStatuses.fromWire(s.status),
    clientMetadata: parseMetadata(s.clientMetadataJson),
    createdAt: s.createdAt,
    expiresAt: s.expiresAt,
    updatedAt: s.updatedAt,
    // Spec 2.10: set by the device-side consent record.
    userConsent: s.userConsent,
    consentTimestamp: s.consentTimestamp || null,
  };
}

/** Spec 2.10's answer is not shown: the consent in force, and whether this call recorded it. */
export function presentConsent(c: session.Consent): ConsentResponse {
  return {
    success: true,
    userConsent: c.userConsent,
    consentTimestamp: c.consentTimestamp,
    textVersion: c.textVersion,
    locale: c.locale,
    recorded: c.recorded,
  };
}

/**
 * A proof-of-address job (spec 4.9: the answer is ours to define, docs/device-side.md). Reasons
 * are codes only; nothing read from the document is returned.
 */
export function presentPoaJob(job: session.ProofOfAddressJob): PoaJobResponse {
  return {
    success: true,
    jobId: job.jobId,
    sessionId: job.sessionId,
    poaStatus: job.status,
    reasons: job.reasons,
    ...(job.documentKind ? { documentKind: job.documentKind } : {}),
    createdAt: job.createdAt,
    ...(job.completedAt ? { completedAt: job.completedAt } : {}),
  };
}

export function presentDocumentUpload(r: session.DocumentUploadResult): DocumentUploadResponse {
  return {
    success: r.success,
    detectedDocumentType: r.detectedDocumentType,
    detectionConfidence: r.detectionConfidence,
    uploadedImageType: r.uploadedImageType,
    isValidDocument: r.isValidDocument,
    requiresBackSide: r.requiresBackSide,
    uploadedSides: r.uploadedSides,
    readyForVerification: r.readyForVerification,
    nextStepMessage: r.nextStepMessage,
    ...(r.issues.length ? { issues: r.issues.map((i) => ({ code: i.code, scope: i.scope })) } : {}),
  };
}

export function presentFaceUpload(r: session.FaceUploadResult): FaceUploadResponse {
  return { success: r.success, confidence: r.confidence, message: r.message, readyForFinalVerification: r.readyForFinalVerification };
}

export function presentDeviceData(d: session.DeviceData): DeviceDataResponse {
  return { success: true, deviceData: Object.fromEntries(Object.entries(d).filter(([, value]) => value !== '')) };
}

function presentExtracted(e: session.ExtractedData | undefined, fields: readonly (keyof session.ExtractedData)[]): Record<string, string> {
  if (!e) return {};
  return Object.fromEntries(fields.filter((field) => e[field] !== '').map((field) => [field, e[field]]));
}

const SUBMIT_FIELDS = ['fullName', 'firstName', 'lastName', 'dateOfBirth', 'nationality', 'sex'] as const;
const READ_FIELDS = [...SUBMIT_FIELDS, 'documentNumber', 'issueDate', 'expiryDate', 'placeOfBirth'] as const;

/** Spec 2.7: which fields appear depends on the status. Submit decides before it answers, so `queued` never occurs. */
export function presentSubmit(r: session.SubmitResult): SubmitResponse {
  const status = sessionStatuses.fromWire(r.status);
  const base = { success: r.success, status, timestamp: r.timestamp };
  switch (status) {
    case 'completed':
      return {
        ...base,
        confidence: r.confidence,
        data: {
          documentType: r.documentType,
          extractedData: presentExtracted(r.extractedData, SUBMIT_FIELDS),
          verificationAttemptId: r.verificationAttemptId,
        },
      };
    case 'action_required':
      return { ...base, message: r.message, issues: r.issueCodes.map((code) => ({ code })), nextAction: r.nextAction };
    case 'manual_review':
      return { ...base, message: r.message, issues: r.issueCodes.map((code) => ({ code })) };
    default:
      return { ...base, ...(r.message ? { message: r.message } : {}) };
  }
}

/**
 * Statuses in which spec 2.9 counts the session as under review: they show `issues`, and the attempt carries only
 * id, status, confidence and failureReason. An action-required session waits on the user, not a reviewer, but its
 * attempt is just as unfinished: no extracted data is shown until the requested side is in.
 */
const UNDER_REVIEW = new Set(['manual_review', 'action_required']);

/** Spec 2.9: while under review the attempt shows only id, status, confidence, failureReason. */
export function presentVerification(v: session.Verification): VerificationResponse {
  const a = v.verification;
  let verification: VerificationResponse['verification'] = null;
  const status = sessionStatuses.fromWire(v.status);
  if (v.hasVerification && a) {
    const attemptStatus = attemptStatuses.fromWire(a.status);
    verification = UNDER_REVIEW.has(status ?? '')
      ? { id: a.id, status: attemptStatus, confidence: a.confidence, failureReason: a.failureReason || null }
      : {
          id: a.id,
          status: attemptStatus,
          confidence: a.confidence,
          // Spec 2.9 types these as string and number (not nullable): absent while unknown.
          ...(a.documentType ? { documentType: a.documentType } : {}),
          ...(a.faceMatchStatus ? { faceMatchStatus: a.faceMatchStatus } : {}),
          ...(a.hasFaceMatchScore ? { faceMatchScore: a.faceMatchScore } : {}),
          poaStatus: a.poaStatus || null,
          failureReason: a.failureReason || null,
          isReused: a.isReused,
          extractedData: presentExtracted(a.extractedData, READ_FIELDS),
          createdAt: a.createdAt,
        };
  }
  return {
    sessionId: v.sessionId,
    status,
    testMode: v.testMode,
    clientMetadata: parseMetadata(v.clientMetadataJson),
    createdAt: v.createdAt,
    expiresAt: v.expiresAt,
    updatedAt: v.updatedAt,
    verification,
    ...(v.issueCodes.length ? { issues: v.issueCodes.map((code) => ({ code })) } : {}),
    ...(v.nextAction ? { nextAction: v.nextAction } : {}),
  };
}

/**
 * What the hosted page needs on opening (our route, POST /v1/kyc/widget/open/{sessionId}): no
 * client metadata, no token, nothing the page does not show or follow.
 */
export function presentWidgetSession(w: session.WidgetSession): WidgetSessionResponse {
  const s = w.session;
  return {
    sessionId: s?.id ?? '',
    status: s ? sessionStatuses.fromWire(s.status) : null,
    language: w.language,
    testMode: s?.testMode ?? false,
    allowManualUpload: s?.allowManualUpload ?? true,
    poaRequired: w.poaRequired,
    userConsent: s?.userConsent ?? false,
    nextAction: w.nextAction || null,
    expiresAt: s?.expiresAt ?? '',
    designTokens: w.branding ? presentDesignTokens(w.branding) : null,
  };
}
