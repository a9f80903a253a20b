import { randomUUID } from 'node:crypto';
import { toProtoEnvironment } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import type { EnvironmentName } from '../domain/environment';
import { sessionSettings } from '../domain/environment-settings';
import type { IdempotencyClaim, SessionRecord } from '../domain/session';
import { longestLife } from '../domain/session-state-machine';
import { emailOf, normaliseNewSession } from '../domain/session-request';
import type { EmbedTokens } from './ports/embed-tokens';
import type { ServiceClients } from './ports/service-clients';
import type { SessionStore } from './ports/session-store';
import type { TenancyStore } from './ports/tenancy-store';

export interface CreateSessionCommand {
  projectId: string;
  environment: EnvironmentName;
  clientMetadata: unknown;
  language: string;
  expiryMinutes: number;
  /** The caller's Idempotency-Key and the gateway's digest of the request; absent without a key. */
  idempotency?: IdempotencyClaim;
}

export interface CreatedSession {
  session: SessionRecord;
  embedToken: string;
  allowManualUpload: boolean;
}

/** POST /v1/sessions (spec 4.1): live needs an approved project; sandbox and live need trial or balance. */
export class CreateSessionUseCase {
  constructor(
    private readonly sessions: SessionStore,
    private readonly tenancy: Pick<TenancyStore, 'requireProject' | 'settings'>,
    private readonly clients: Pick<ServiceClients, 'billing'>,
    private readonly tokens: EmbedTokens,
  ) {}

  async execute(command: CreateSessionCommand): Promise<CreatedSession> {
    const request = normaliseNewSession(command);
    const project = await this.tenancy.requireProject(command.projectId);
    if (command.environment === 'live' && project.moderationStatus !== 'approved') {
      throw new KycError(ErrorCode.PROJECT_NOT_APPROVED, 'Live sessions need an approved project', {
        moderationStatus: project.moderationStatus,
      });
    }
    if (command.environment !== 'test') {
      await this.clients.billing.authorizeSessionCreation({
        projectId: command.projectId,
        environment: toProtoEnvironment(command.environment),
      });
    }
    const settings = await this.tenancy.settings(command.projectId, command.environment);
    const createdAt = new Date();
    const fresh = {
      id: randomUUID(),
      projectId: command.projectId,
      environment: command.environment,
      testMode: command.environment === 'test',
      status: 'pending' as const,
      clientMetadata: request.clientMetadata,
      email: emailOf(request.clientMetadata),
      language: request.language,
      expiryMinutes: request.expiryMinutes,
      expiresAt: new Date(createdAt.getTime() + request.expiryMinutes * 60_000),
      createdAt,
      ...sessionSettings(settings),
    };
    const { idempotency } = command;
    const session = await this.sessions.transaction(async (tx) => {
      if (!idempotency) return tx.insert(fresh);
      const once = await tx.insertOnce(fresh, idempotency);
      // The key's scope is the project; its request includes the environment (the gateway's fingerprint).
      if (once.fingerprint !== idempotency.fingerprint) throw new KycError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
      return once.session;
    });
    const embedToken = await this.tokens.issue({
      sessionId: session.id,
      projectId: session.projectId,
      environment: session.environment,
      expiresAt: longestLife(session.createdAt, session.expiryMinutes),
    });
    // An idempotent replay answers the session as it was made, with the settings it was made with.
    return { session, embedToken, allowManualUpload: session.allowManualUpload };
  }
}
