import { Controller } from '@nestjs/common';
import { session } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import type { CreateSessionUseCase } from '../application/create-session.usecase';
import type { SessionQueries } from '../application/session-queries.usecase';
import type { ReviewSessionUseCase } from '../application/review-session.usecase';
import type { SubmitVerificationUseCase } from '../application/submit-verification.usecase';
import { TenancyUseCases, toApiKeyMessage, toProjectMessage } from '../application/tenancy.usecases';
import type { UploadDocumentUseCase } from '../application/upload-document.usecase';
import type { UploadFaceUseCase } from '../application/upload-face.usecase';
import type { SessionScope } from '../infrastructure/session.repository';
import type { TenancyRepository } from '../infrastructure/tenancy.repository';
import { fromProtoEnvironment, optionalEnvironment } from './environment-mapping';

export class SessionUseCases {
  constructor(
    readonly createSession: CreateSessionUseCase,
    readonly uploadDocument: UploadDocumentUseCase,
    readonly uploadFace: UploadFaceUseCase,
    readonly submit: SubmitVerificationUseCase,
    readonly queries: SessionQueries,
    readonly tenancy: TenancyUseCases,
    readonly tenancyRepository: TenancyRepository,
    readonly review: ReviewSessionUseCase,
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

/** Thin edge: map the message, make one call into the application layer. */
@Controller()
@session.SessionServiceControllerMethods()
export class SessionGrpcController implements session.SessionServiceController {
  constructor(private readonly useCases: SessionUseCases) {}

  authenticateApiKey(request: session.AuthenticateApiKeyRequest) {
    return this.useCases.tenancy.authenticate(request.secretKey);
  }

  createSession(request: session.CreateSessionRequest) {
    const scope = scopeOf(request.principal);
    let clientMetadata: unknown;
    try {
      clientMetadata = JSON.parse(request.clientMetadataJson || '{}');
    } catch {
      throw new KycError(ErrorCode.VALIDATION_FAILED, 'clientMetadata must be a JSON object');
    }
    return this.useCases.createSession.execute({ ...scope, clientMetadata, language: request.language, expiryMinutes: request.expiryMinutes });
  }

  getSession(request: session.SessionRef) {
    const { scope, sessionId } = requireRef(request);
    return this.useCases.queries.getSession(scope, sessionId);
  }

  updateSession(request: session.UpdateSessionRequest) {
    return this.useCases.queries.updateClientMetadata(scopeOf(request.principal), request.sessionId, request.clientMetadataJson);
  }

  uploadDocument(request: session.UploadDocumentRequest) {
    const { scope, sessionId } = requireRef(request.session);
    const side = DOCUMENT_SIDES.find((s) => s === request.imageType);
    if (!side) throw new KycError(ErrorCode.VALIDATION_FAILED, 'imageType must be front, back or main');
    return this.useCases.uploadDocument.execute({ scope, sessionId, side, image: Buffer.from(request.image) });
  }

  uploadFace(request: session.UploadFaceRequest) {
    const { scope, sessionId } = requireRef(request.session);
    return this.useCases.uploadFace.execute({ scope, sessionId, image: Buffer.from(request.image) });
  }

  recordDeviceData(request: session.RecordDeviceDataRequest) {
    const { scope, sessionId } = requireRef(request.session);
    if (!request.deviceData) throw new KycError(ErrorCode.VALIDATION_FAILED, 'deviceData missing');
    return this.useCases.queries.recordDeviceData(scope, sessionId, request.deviceData);
  }

  submit(request: session.SessionRef) {
    const { scope, sessionId } = requireRef(request);
    return this.useCases.submit.execute(scope, sessionId);
  }

  getVerification(request: session.SessionRef) {
    const { scope, sessionId } = requireRef(request);
    return this.useCases.queries.getVerification(scope, sessionId);
  }

  createProject(request: session.CreateProjectRequest) {
    return this.useCases.tenancy.createProject(request.name, request.accountName);
  }

  async listProjects(): Promise<session.ListProjectsResponse> {
    return { projects: (await this.useCases.tenancyRepository.listProjects()).map(toProjectMessage) };
  }

  async getProject(request: session.ProjectRef): Promise<session.Project> {
    return toProjectMessage(await this.useCases.tenancyRepository.requireProject(request.projectId));
  }

  async approveProject(request: session.ProjectRef): Promise<session.Project> {
    return toProjectMessage(await this.useCases.tenancyRepository.approveProject(request.projectId));
  }

  async listApiKeys(request: session.ProjectRef): Promise<session.ListApiKeysResponse> {
    return { keys: (await this.useCases.tenancyRepository.listKeys(request.projectId)).map(toApiKeyMessage) };
  }

  rotateApiKeys(request: session.RotateApiKeysRequest) {
    return this.useCases.tenancy.rotate(request.projectId, fromProtoEnvironment(request.environment));
  }

  async revokeApiKey(request: session.RevokeApiKeyRequest): Promise<session.ApiKey> {
    return toApiKeyMessage(await this.useCases.tenancyRepository.revoke(request.projectId, request.keyId));
  }

  async listSessions(request: session.ListSessionsRequest): Promise<session.ListSessionsResponse> {
    const sessions = await this.useCases.queries.listSessions({
      projectId: request.projectId,
      environment: optionalEnvironment(request.environment),
      status: request.status || undefined,
      limit: Math.min(Math.max(request.limit || 50, 1), 500),
    });
    return { sessions };
  }

  async reviewSession(request: session.ReviewSessionRequest): Promise<session.ReviewSessionResponse> {
    if (request.decision !== 'approve' && request.decision !== 'reject') throw new KycError(ErrorCode.VALIDATION_FAILED, 'decision must be approve or reject');
    if (!request.reviewer.trim()) throw new KycError(ErrorCode.VALIDATION_FAILED, 'reviewer is required');
    if (request.decision === 'reject' && !request.reason.trim()) throw new KycError(ErrorCode.VALIDATION_FAILED, 'a rejection needs a reason');
    return this.useCases.review.execute({ projectId: request.projectId, sessionId: request.sessionId, decision: request.decision, reviewer: request.reviewer.trim(), reason: request.reason.trim() });
  }
}
