import { randomUUID } from 'node:crypto';
import type { session } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import type { EnvironmentName } from '../domain/environment';
import { emailOf, normaliseNewSession } from '../domain/session-request';
import type { EmbedTokenIssuer } from '../infrastructure/embed-token';
import type { ServiceClients } from '../infrastructure/service-clients';
import type { SessionRepository } from '../infrastructure/session.repository';
import type { TenancyRepository } from '../infrastructure/tenancy.repository';
import type { SessionConfig } from '../config';
import { toSessionMessage } from './session-presenter';

export interface CreateSessionCommand {
  projectId: string;
  environment: EnvironmentName;
  clientMetadata: unknown;
  language: string;
  expiryMinutes: number;
}

/** POST /v1/sessions (spec 4.1): live needs an approved project; sandbox and live need trial or balance. */
export class CreateSessionUseCase {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly tenancy: TenancyRepository,
    private readonly clients: Pick<ServiceClients, 'billing'>,
    private readonly tokens: EmbedTokenIssuer,
    private readonly config: Pick<SessionConfig, 'PUBLIC_BASE_URL'>,
  ) {}

  async execute(command: CreateSessionCommand): Promise<session.Session> {
    const request = normaliseNewSession(command);
    const project = await this.tenancy.requireProject(command.projectId);
    if (command.environment === 'live' && project.moderationStatus !== 'approved') {
      throw new KycError(ErrorCode.PROJECT_NOT_APPROVED, 'Live sessions need an approved project', { moderationStatus: project.moderationStatus });
    }
    if (command.environment !== 'test') {
      await this.clients.billing.authorizeSessionCreation({ projectId: command.projectId, environment: command.environment });
    }
    const createdAt = new Date();
    const record = await this.sessions.transaction((manager) =>
      this.sessions.insert(manager, {
        id: randomUUID(),
        projectId: command.projectId,
        environment: command.environment,
        testMode: command.environment === 'test',
        status: 'pending',
        clientMetadata: request.clientMetadata,
        email: emailOf(request.clientMetadata),
        language: request.language,
        expiryMinutes: request.expiryMinutes,
        expiresAt: new Date(createdAt.getTime() + request.expiryMinutes * 60_000),
        createdAt,
      }),
    );
    const embedToken = await this.tokens.issue({ sessionId: record.id, projectId: record.projectId, environment: record.environment, expiresAt: record.expiresAt });
    return toSessionMessage(record, { embedToken, config: this.config, allowManualUpload: project.allowManualUpload });
  }
}
