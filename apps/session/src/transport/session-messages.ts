import { attemptStatuses, session, sessionStatuses } from '@kyc/contracts';
import type { StoredSettings } from '../application/ports/tenancy-store';
import type { StoredBranding } from '../application/ports/branding-store';
import { mutedTextColour } from '../domain/branding';
import type { EnvironmentName } from '../domain/environment';
import type { Capture } from '../domain/environment-settings';
import type { PoaJobRecord } from '../domain/proof-of-address';
import { type AttemptRecord, type SessionRecord, nonEmptyIssues } from '../domain/session';
import type { IssuedPair, KeyRecord, ProjectRecord } from '../domain/tenancy';
import type { SubmitOutcome } from '../application/submit-verification.usecase';
import type { VerificationView } from '../application/session-queries.usecase';
import { toProtoEnvironment } from './environment-mapping';

/** Where the hosted pages live; widgetUrl and qrCodeUrl are built from it. */
export interface PublicUrls {
  PUBLIC_BASE_URL: string;
}

/** Domain records → contract messages. Absent values are empty strings, as proto3 sends them. */
export function toSessionMessage(
  record: SessionRecord,
  extras: { embedToken?: string; urls: PublicUrls; allowManualUpload?: boolean },
): session.Session {
  const base = extras.urls.PUBLIC_BASE_URL.replace(/\/$/, '');
  return {
    id: record.id,
    status: sessionStatuses.toWire(record.status),
    embedToken: extras.embedToken ?? '',
    expiresAt: record.expiresAt.toISOString(),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    // The page reads its embed token from the fragment, which no server, log or Referer sees
    // (README, "Hosted widget"). Only the create answer carries the token, so only it links with one.
    widgetUrl: `${base}/widget/sessions/${record.id}${extras.embedToken ? `#token=${extras.embedToken}` : ''}`,
    // The QR page needs the token too (it asks for one-time hand-off codes with it) and shows the session's language.
    qrCodeUrl: `${base}/widget/sessions/${record.id}/qr#${extras.embedToken ? `token=${extras.embedToken}&` : ''}lang=${record.language}`,
    allowManualUpload: extras.allowManualUpload ?? true,
    testMode: record.testMode,
    clientMetadataJson: JSON.stringify(record.clientMetadata ?? {}),
    projectId: record.projectId,
    environment: toProtoEnvironment(record.environment),
    userConsent: record.consentAt !== null,
    consentTimestamp: record.consentAt?.toISOString() ?? '',
  };
}

/** What the hosted page needs on opening (OpenWidget): the session, its language and the settings it shows. */
export function toWidgetSessionMessage(record: SessionRecord, urls: PublicUrls, branding: session.Branding): session.WidgetSession {
  return {
    session: toSessionMessage(record, { urls, allowManualUpload: record.allowManualUpload }),
    language: record.language,
    poaRequired: record.poaRequired,
    nextAction: record.status === 'action_required' ? (record.nextAction ?? '') : '',
    branding,
  };
}

export function toConsentMessage(record: SessionRecord, recorded: boolean): session.Consent {
  return {
    userConsent: record.consentAt !== null,
    consentTimestamp: record.consentAt?.toISOString() ?? '',
    textVersion: record.consentTextVersion ?? '',
    locale: record.consentLocale ?? '',
    recorded,
  };
}

export function toSessionSummary(record: SessionRecord): session.SessionSummary {
  return {
    id: record.id,
    environment: toProtoEnvironment(record.environment),
    status: sessionStatuses.toWire(record.status),
    testMode: record.testMode,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    expiresAt: record.expiresAt.toISOString(),
  };
}

const EMPTY_EXTRACTED: session.ExtractedData = {
  fullName: '',
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  nationality: '',
  sex: '',
  documentNumber: '',
  issueDate: '',
  expiryDate: '',
  placeOfBirth: '',
};

export function toExtractedData(data: Record<string, string> | null): session.ExtractedData {
  return { ...EMPTY_EXTRACTED, ...(data ?? {}) };
}

export function toAttemptMessage(attempt: AttemptRecord): session.Attempt {
  return {
    id: attempt.id,
    status: attemptStatuses.toWire(attempt.status),
    confidence: attempt.confidence ?? 0,
    documentType: attempt.documentType ?? '',
    faceMatchStatus: attempt.faceMatchStatus ?? '',
    faceMatchScore: attempt.faceMatchScore ?? 0,
    hasFaceMatchScore: attempt.faceMatchScore !== null,
    poaStatus: attempt.poaStatus ?? '',
    failureReason: attempt.failureReason ?? '',
    isReused: attempt.isReused,
    extractedData: toExtractedData(attempt.extractedData),
    createdAt: attempt.createdAt.toISOString(),
  };
}

export function toVerificationMessage(view: VerificationView): session.Verification {
  const { session: current, attempt } = view;
  return {
    sessionId: current.id,
    status: sessionStatuses.toWire(current.status),
    testMode: current.testMode,
    clientMetadataJson: JSON.stringify(current.clientMetadata),
    createdAt: current.createdAt.toISOString(),
    expiresAt: current.expiresAt.toISOString(),
    updatedAt: current.updatedAt.toISOString(),
    hasVerification: attempt !== null,
    // poaStatus is the session's proof of address as it stands now: its analysis can finish after the attempt.
    verification: attempt ? { ...toAttemptMessage(attempt), poaStatus: current.poaStatus ?? '' } : undefined,
    issueCodes: view.issueCodes,
    nextAction: current.status === 'action_required' ? (current.nextAction ?? '') : '',
  };
}

const REVIEW_MESSAGE = 'The verification needs a manual review; the result will follow.';

/** Submit's answer (spec 4.7): a rejected session reads as manual_review to the caller until the webhook says otherwise. */
export function toSubmitResult({ session: current, attempt }: SubmitOutcome): session.SubmitResult {
  const status = current.status === 'rejected' ? 'manual_review' : current.status;
  const underReview = status === 'manual_review' || status === 'action_required';
  return {
    success: status === 'completed',
    status: sessionStatuses.toWire(status),
    timestamp: new Date().toISOString(),
    confidence: attempt.confidence ?? 0,
    documentType: attempt.documentType ?? '',
    extractedData: toExtractedData(attempt.extractedData),
    verificationAttemptId: attempt.id,
    jobId: '',
    message:
      status === 'manual_review'
        ? REVIEW_MESSAGE
        : status === 'action_required'
          ? 'Please upload the requested document side again.'
          : (attempt.failureReason ?? ''),
    issueCodes: underReview ? nonEmptyIssues(attempt.issueCodes) : [],
    nextAction: status === 'action_required' ? (attempt.nextAction ?? '') : '',
  };
}

export function toProjectMessage(project: ProjectRecord): session.Project {
  return {
    id: project.id,
    name: project.name,
    accountId: project.accountId,
    accountName: project.accountName,
    moderationStatus: project.moderationStatus,
    createdAt: project.createdAt.toISOString(),
  };
}

export function toKeysMessage(pair: IssuedPair): session.EnvironmentKeys {
  return {
    environment: toProtoEnvironment(pair.environment),
    secretKey: pair.secret.value,
    publishableKey: pair.publishable.value,
    secretKeyId: pair.secret.id,
    publishableKeyId: pair.publishable.id,
  };
}

export function toApiKeyMessage(key: KeyRecord): session.ApiKey {
  return {
    id: key.id,
    environment: toProtoEnvironment(key.environment),
    kind: key.kind,
    prefix: key.prefix,
    status: key.status,
    createdAt: key.createdAt.toISOString(),
    revokedAt: key.revokedAt ? key.revokedAt.toISOString() : '',
    publishableKey: key.publishableKey ?? '',
  };
}

export function toPoaJobMessage(job: PoaJobRecord): session.ProofOfAddressJob {
  return {
    jobId: job.id,
    sessionId: job.sessionId,
    status: job.status,
    reasons: job.reasons,
    documentKind: job.documentKind ?? '',
    createdAt: job.createdAt.toISOString(),
    completedAt: job.completedAt?.toISOString() ?? '',
  };
}

export function toBrandingMessage(b: StoredBranding): session.Branding {
  return {
    projectId: b.projectId,
    environment: toProtoEnvironment(b.environment),
    colorPrimary: b.colorPrimary,
    colorOnPrimary: b.colorOnPrimary,
    colorText: b.colorText,
    colorSurface: b.colorSurface,
    colorBackground: b.colorBackground,
    cornerRadiusPx: b.cornerRadiusPx,
    fontFamily: b.fontFamily,
    logoSha256: b.logoSha256 ?? '',
    updatedAt: b.updatedAt?.toISOString() ?? '',
    colorMutedText: mutedTextColour(b),
  };
}

export function toSettingsMessage(environment: EnvironmentName, settings: StoredSettings): session.EnvironmentSettings {
  return {
    environment: toProtoEnvironment(environment),
    poaRequiredForVerification: settings.poaRequiredForVerification,
    poaMaxAgeMonths: settings.poaMaxAgeMonths,
    allowManualUpload: settings.allowManualUpload,
    vaultReuseEnabled: settings.vaultReuseEnabled,
    vaultReuseMaxAgeDays: settings.vaultReuseMaxAgeDays,
    vaultReuseBilling: settings.vaultReuseBilling,
    biometricRetentionDays: settings.biometricRetentionDays,
    updatedAt: settings.updatedAt?.toISOString() ?? '',
  };
}

const CAPTURES: Record<session.Capture, Capture> = {
  [session.Capture.CAPTURE_CAMERA]: 'camera',
  [session.Capture.CAPTURE_FILE]: 'file',
  [session.Capture.CAPTURE_UNSPECIFIED]: 'unspecified',
  [session.Capture.UNRECOGNIZED]: 'unspecified',
};

export function fromCaptureMessage(capture: session.Capture | undefined): Capture {
  return CAPTURES[capture ?? session.Capture.CAPTURE_UNSPECIFIED] ?? 'unspecified';
}
