import { Controller } from '@nestjs/common';
import { session, sessionStatuses } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import type { CreateSessionUseCase } from '../application/create-session.usecase';
import type { ProofOfAddressUseCase } from '../application/proof-of-address.usecase';
import type { RecordConsentUseCase } from '../application/record-consent.usecase';
import type { ReviewSessionUseCase } from '../application/review-session.usecase';
import type { SessionQueries } from '../application/session-queries.usecase';
import type { SubmitVerificationUseCase } from '../application/submit-verification.usecase';
import type { TenancyUseCases } from '../application/tenancy.usecases';
import type { UploadDocumentUseCase } from '../application/upload-document.usecase';
import type { UploadFaceUseCase } from '../application/upload-face.usecase';
import type { OperatorUseCases } from '../application/operators.usecases';
import type { VaultReuseBilling } from '../domain/environment-settings';
import type { BrandingUseCases } from '../application/branding.usecases';
import type { SessionScope } from '../domain/session';
import { fromProtoEnvironment, optionalEnvironment, toProtoEnvironment } from './environment-mapping';
import {
  type PublicUrls,
  toApiKeyMessage,
  toKeysMessage,
  toProjectMessage,
  toConsentMessage,
  fromCaptureMessage,
  toPoaJobMessage,
  toSettingsMessage,
  toBrandingMessage,
  toSessionMessage,
  toWidgetSessionMessage,
  toSubmitResult,
  toVerificationMessage,
} from './session-messages';
import { toAuditEntryMessage, toOperatorMessage } from './operator-messages';
import { CASE_IMAGES, type CaseImageName, type ReviewCaseQueries } from '../application/review-cases.usecases';
import { toCaseAttemptMessage, toMarkMessage, toQueueMessage, toSummaryMessage } from './review-case-messages';

export class SessionUseCases {
  constructor(
    readonly createSession: CreateSessionUseCase,
    readonly uploadDocument: UploadDocumentUseCase,
    readonly uploadFace: UploadFaceUseCase,
    readonly submit: SubmitVerificationUseCase,
    readonly queries: SessionQueries,
    readonly tenancy: TenancyUseCases,
    readonly review: ReviewSessionUseCase,
    readonly recordConsent: RecordConsentUseCase,
    readonly proofOfAddress: ProofOfAddressUseCase,
    readonly operators: OperatorUseCases,
    readonly urls: PublicUrls,
    readonly branding: BrandingUseCases,
    readonly reviewCases: ReviewCaseQueries,
  ) {}
}

function scopeOf(principal: session.Principal | undefined): SessionScope {
  if (!principal?.projectId) throw new KycError(ErrorCode.UNAUTHENTICATED, 'principal missing');
  return { projectId: principal.projectId, environment: fromProtoEnvironment(principal.environment) };
}

function requireRef(ref: session.SessionRef | undefined): { scope: SessionScope; sessionId: string } {
  if (!ref) throw new KycError(ErrorCode.VALIDATION_FAILED, 'session reference missing');
  return { scope: scopeOf(ref.principal), sessionId: ref.sessionId };
}

const DOCUMENT_SIDES = ['front', 'back', 'main'] as const;

/** Thin edge: map the message in, make one call into the application layer, map the answer out. */
@Controller()
@session.SessionServiceControllerMethods()
export class SessionGrpcController implements session.SessionServiceController {
  constructor(private readonly useCases: SessionUseCases) {}

  async authenticateApiKey(request: session.AuthenticateApiKeyRequest): Promise<session.AuthenticateApiKeyResponse> {
    const key = await this.useCases.tenancy.authenticate(request.secretKey);
    return {
      principal: { projectId: key.projectId, environment: toProtoEnvironment(key.environment) },
      keyId: key.keyId,
      moderationStatus: key.moderationStatus,
    };
  }

  async createSession(request: session.CreateSessionRequest): Promise<session.Session> {
    const scope = scopeOf(request.principal);
    let clientMetadata: unknown;
    try {
      clientMetadata = JSON.parse(request.clientMetadataJson || '{}');
    } catch {
      throw new KycError(ErrorCode.VALIDATION_FAILED, 'clientMetadata must be a JSON object');
    }
    const idempotency = request.idempotencyKey ? { key: request.idempotencyKey, fingerprint: request.idempotencyFingerprint } : undefined;
    const created = await this.useCases.createSession.execute({
      ...scope,
      clientMetadata,
      language: request.language,
      expiryMinutes: request.expiryMinutes,
      idempotency,
    });
    return toSessionMessage(created.session, {
      embedToken: created.embedToken,
      urls: this.useCases.urls,
      allowManualUpload: created.allowManualUpload,
    });
  }

  async getSession(request: session.SessionRef): Promise<session.Session> {
    const { scope, sessionId } = requireRef(request);
    return toSessionMessage(await this.useCases.queries.getSession(scope, sessionId), { urls: this.useCases.urls });
  }

  async updateSession(request: session.UpdateSessionRequest): Promise<session.Session> {
    const updated = await this.useCases.queries.updateClientMetadata(
      scopeOf(request.principal),
      request.sessionId,
      request.clientMetadataJson,
    );
    return toSessionMessage(updated, { urls: this.useCases.urls });
  }

  async uploadDocument(request: session.UploadDocumentRequest): Promise<session.DocumentUploadResult> {
    const { scope, sessionId } = requireRef(request.session);
    const side = DOCUMENT_SIDES.find((s) => s === request.imageType);
    if (!side) throw new KycError(ErrorCode.VALIDATION_FAILED, 'imageType must be front, back or main');
    return {
      success: true,
      ...(await this.useCases.uploadDocument.execute({
        scope,
        sessionId,
        side,
        image: Buffer.from(request.image),
        consentRequired: request.consentRequired,
        capture: fromCaptureMessage(request.capture),
      })),
    };
  }

  async uploadFace(request: session.UploadFaceRequest): Promise<session.FaceUploadResult> {
    const { scope, sessionId } = requireRef(request.session);
    const image = Buffer.from(request.image);
    return {
      success: true,
      ...(await this.useCases.uploadFace.execute({
        scope,
        sessionId,
        image,
        consentRequired: request.consentRequired,
        capture: fromCaptureMessage(request.capture),
      })),
    };
  }

  async uploadProofOfAddress(request: session.UploadProofOfAddressRequest): Promise<session.ProofOfAddressJob> {
    const { scope, sessionId } = requireRef(request.session);
    const job = await this.useCases.proofOfAddress.upload({
      scope,
      sessionId,
      document: Buffer.from(request.document),
      mediaType: request.mediaType,
      wait: request.wait,
      consentRequired: request.consentRequired,
    });
    return toPoaJobMessage(job);
  }

  async getProofOfAddressJob(request: session.ProofOfAddressJobRef): Promise<session.ProofOfAddressJob> {
    const { scope, sessionId } = requireRef(request.session);
    return toPoaJobMessage(await this.useCases.proofOfAddress.job(scope, sessionId, request.jobId));
  }

  async getEnvironmentSettings(request: session.EnvironmentSettingsRef): Promise<session.EnvironmentSettings> {
    const environment = fromProtoEnvironment(request.environment);
    return toSettingsMessage(environment, await this.useCases.tenancy.settings(request.projectId, environment));
  }

  async updateEnvironmentSettings(request: session.UpdateEnvironmentSettingsRequest): Promise<session.EnvironmentSettings> {
    const environment = fromProtoEnvironment(request.environment);
    const {
      poaRequiredForVerification,
      poaMaxAgeMonths,
      allowManualUpload,
      vaultReuseEnabled,
      vaultReuseMaxAgeDays,
      biometricRetentionDays,
    } = request;
    const stored = await this.useCases.tenancy.updateSettings(request.projectId, environment, {
      poaRequiredForVerification,
      poaMaxAgeMonths,
      allowManualUpload,
      vaultReuseEnabled,
      vaultReuseMaxAgeDays,
      // Validated by the domain (charge | free).
      vaultReuseBilling: request.vaultReuseBilling as VaultReuseBilling | undefined,
      biometricRetentionDays,
    });
    return toSettingsMessage(environment, stored);
  }

  async getBranding(request: session.EnvironmentSettingsRef): Promise<session.Branding> {
    const environment = fromProtoEnvironment(request.environment);
    return toBrandingMessage(await this.useCases.branding.branding(request.projectId, environment));
  }

  async updateBranding(request: session.UpdateBrandingRequest): Promise<session.Branding> {
    const environment = fromProtoEnvironment(request.environment);
    const { colorPrimary, colorOnPrimary, colorText, colorSurface, colorBackground, cornerRadiusPx, fontFamily } = request;
    const stored = await this.useCases.branding.update(request.projectId, environment, {
      change: { colorPrimary, colorOnPrimary, colorText, colorSurface, colorBackground, cornerRadiusPx, fontFamily },
      logoPng: request.logoPng ? Buffer.from(request.logoPng) : undefined,
      removeLogo: request.removeLogo,
    });
    return toBrandingMessage(stored);
  }

  async getBrandingByPublishableKey(request: session.GetBrandingByPublishableKeyRequest): Promise<session.Branding> {
    return toBrandingMessage(await this.useCases.branding.brandingByPublishableKey(request.publishableKey));
  }

  async getBrandingLogo(request: session.BrandingLogoRef): Promise<session.BrandingLogo> {
    return this.useCases.branding.logo(request.sha256);
  }

  async recordConsent(request: session.RecordConsentRequest): Promise<session.Consent> {
    const { scope, sessionId } = requireRef(request.session);
    const { textVersion, locale, ipAddress, userAgent } = request;
    const outcome = await this.useCases.recordConsent.execute({ scope, sessionId, textVersion, locale, ipAddress, userAgent });
    return toConsentMessage(outcome.session, outcome.recorded);
  }

  async recordDeviceData(request: session.RecordDeviceDataRequest): Promise<session.DeviceData> {
    const { scope, sessionId } = requireRef(request.session);
    if (!request.deviceData) throw new KycError(ErrorCode.VALIDATION_FAILED, 'deviceData missing');
    const merged = await this.useCases.queries.recordDeviceData(scope, sessionId, request.deviceData);
    return { ipAddress: '', userAgent: '', fingerprint: '', timezone: '', language: '', platform: '', screenResolution: '', ...merged };
  }

  async openWidget(request: session.SessionRef): Promise<session.WidgetSession> {
    const { scope, sessionId } = requireRef(request);
    const opened = await this.useCases.queries.openWidget(scope, sessionId);
    const branding = await this.useCases.branding.branding(scope.projectId, scope.environment);
    return toWidgetSessionMessage(opened, this.useCases.urls, toBrandingMessage(branding));
  }

  async submit(request: session.SessionRef): Promise<session.SubmitResult> {
    const { scope, sessionId } = requireRef(request);
    return toSubmitResult(await this.useCases.submit.execute(scope, sessionId));
  }

  async getVerification(request: session.SessionRef): Promise<session.Verification> {
    const { scope, sessionId } = requireRef(request);
    return toVerificationMessage(await this.useCases.queries.getVerification(scope, sessionId));
  }

  async createProject(request: session.CreateProjectRequest): Promise<session.ProjectWithKeys> {
    const { project, pairs } = await this.useCases.tenancy.createProject(request.name, request.accountName);
    return { project: toProjectMessage(project), keys: pairs.map(toKeysMessage) };
  }

  async listProjects(): Promise<session.ListProjectsResponse> {
    return { projects: (await this.useCases.tenancy.listProjects()).map(toProjectMessage) };
  }

  async getProject(request: session.ProjectRef): Promise<session.Project> {
    return toProjectMessage(await this.useCases.tenancy.getProject(request.projectId));
  }

  async approveProject(request: session.ProjectRef): Promise<session.Project> {
    return toProjectMessage(await this.useCases.tenancy.approveProject(request.projectId));
  }

  async listApiKeys(request: session.ProjectRef): Promise<session.ListApiKeysResponse> {
    return { keys: (await this.useCases.tenancy.listKeys(request.projectId)).map(toApiKeyMessage) };
  }

  async rotateApiKeys(request: session.RotateApiKeysRequest): Promise<session.EnvironmentKeys> {
    return toKeysMessage(await this.useCases.tenancy.rotate(request.projectId, fromProtoEnvironment(request.environment)));
  }

  async revokeApiKey(request: session.RevokeApiKeyRequest): Promise<session.ApiKey> {
    return toApiKeyMessage(await this.useCases.tenancy.revoke(request.projectId, request.keyId));
  }

  async listSessions(request: session.ListSessionsRequest): Promise<session.ListSessionsResponse> {
    const instant = (value: string, name: string) => {
      if (!value) return undefined;
      const parsed = new Date(value);
      if (Number.isNaN(parsed.getTime())) throw new KycError(ErrorCode.VALIDATION_FAILED, `${name} must be an ISO 8601 instant`);
      return parsed;
    };
    const page = await this.useCases.reviewCases.search({
      projectId: request.projectId,
      environment: optionalEnvironment(request.environment),
      status: sessionStatuses.fromWire(request.status) ?? undefined,
      sessionId: request.sessionId || undefined,
      createdFrom: instant(request.createdFrom, 'createdFrom'),
      createdTo: instant(request.createdTo, 'createdTo'),
      emailHash: request.emailHash || undefined,
      before: request.before || undefined,
      limit: Math.min(Math.max(request.limit || 50, 1), 500),
    });
    return { sessions: page.items.map(toSummaryMessage), nextBefore: page.nextBefore ?? '' };
  }

  async listReviewQueue(request: session.ListReviewQueueRequest): Promise<session.ReviewQueue> {
    const limit = Math.min(Math.max(request.limit || 50, 1), 200);
    return toQueueMessage(await this.useCases.reviewCases.queue(request.projectId, optionalEnvironment(request.environment), limit));
  }

  async getReviewCase(request: session.ReviewCaseRequest): Promise<session.ReviewCase> {
    const view = await this.useCases.reviewCases.getCase(request.projectId, request.sessionId, request.viewer.trim());
    return {
      session: toSummaryMessage(view.session),
      inReviewSince: view.session.inReviewSince ? new Date(view.session.inReviewSince).toISOString() : '',
      attempt: view.attempt ? toCaseAttemptMessage(view.attempt) : undefined,
      openedBy: view.openedBy.map(toMarkMessage),
      sides: view.sides,
      signals: view.signals,
      images: view.images,
      imagesPurged: view.imagesPurged,
    };
  }

  async getCaseImage(request: session.CaseImageRequest): Promise<session.CaseImage> {
    if (!CASE_IMAGES.includes(request.image as CaseImageName))
      throw new KycError(ErrorCode.VALIDATION_FAILED, `image must be one of ${CASE_IMAGES.join(', ')}`);
    return this.useCases.reviewCases.image(request.projectId, request.sessionId, request.image as CaseImageName);
  }

  async getSessionHistory(request: session.SessionHistoryRequest): Promise<session.SessionHistory> {
    const view = await this.useCases.reviewCases.history(request.projectId, request.sessionId);
    return {
      session: toSummaryMessage(view.session),
      transitions: view.transitions.map((t) => ({
        fromStatus: t.fromStatus ?? '',
        toStatus: t.toStatus,
        occurredAt: new Date(t.occurredAt).toISOString(),
      })),
      attempts: view.attempts.map((a) => {
        const m = toCaseAttemptMessage(a);
        return {
          id: m.id,
          status: m.status,
          failureReason: m.failureReason,
          createdAt: m.createdAt,
          decidedAt: m.decidedAt,
          reviewedBy: m.reviewedBy,
          reviewedAt: m.reviewedAt,
        };
      }),
    };
  }

  async reviewSession(request: session.ReviewSessionRequest): Promise<session.ReviewSessionResponse> {
    if (request.decision !== 'approve' && request.decision !== 'reject')
      throw new KycError(ErrorCode.VALIDATION_FAILED, 'decision must be approve or reject');
    if (!request.reviewer.trim()) throw new KycError(ErrorCode.VALIDATION_FAILED, 'reviewer is required');
    if (request.decision === 'reject' && !request.reason.trim())
      throw new KycError(ErrorCode.VALIDATION_FAILED, 'a rejection needs a reason');
    const reviewed = await this.useCases.review.execute({
      projectId: request.projectId,
      sessionId: request.sessionId,
      decision: request.decision,
      reviewer: request.reviewer.trim(),
      reason: request.reason.trim(),
    });
    return {
      sessionId: reviewed.session.id,
      status: sessionStatuses.toWire(reviewed.session.status),
      verificationAttemptId: reviewed.attemptId,
    };
  }

  async authenticateOperatorToken(request: session.AuthenticateOperatorTokenRequest): Promise<session.Operator> {
    return toOperatorMessage(await this.useCases.operators.authenticateToken(request.token));
  }

  async authenticateOperatorPassword(request: session.AuthenticateOperatorPasswordRequest): Promise<session.Operator> {
    return toOperatorMessage(await this.useCases.operators.authenticatePassword(request.email, request.password));
  }

  async createOperator(request: session.CreateOperatorRequest): Promise<session.CreatedOperator> {
    const created = await this.useCases.operators.create(request);
    return { operator: toOperatorMessage(created.operator), token: created.token, password: created.password };
  }

  async listOperators(): Promise<session.ListOperatorsResponse> {
    return { operators: (await this.useCases.operators.list()).map(toOperatorMessage) };
  }

  async disableOperator(request: session.OperatorRef): Promise<session.Operator> {
    return toOperatorMessage(await this.useCases.operators.disable(request.operatorId));
  }

  async appendAuditEntry(request: session.AppendAuditEntryRequest): Promise<session.AuditEntry> {
    return toAuditEntryMessage(
      await this.useCases.operators.append({ ...request, outcome: request.outcome as never, channel: request.channel as never }),
    );
  }

  async listAuditEntries(request: session.ListAuditEntriesRequest): Promise<session.ListAuditEntriesResponse> {
    const limit = Math.min(Math.max(request.limit || 50, 1), 200);
    const entries = await this.useCases.operators.listAudit({
      operatorId: request.operatorId || undefined,
      action: request.action || undefined,
      before: request.before || undefined,
      limit,
    });
    return { entries: entries.map(toAuditEntryMessage), nextBefore: entries.length === limit ? entries[entries.length - 1].id : '' };
  }
}
