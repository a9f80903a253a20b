import { randomUUID } from 'node:crypto';
import { toProtoEnvironment } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import type { Logger } from '@kyc/logger';
import type { EnvironmentName } from '../domain/environment';
import { sessionSettings } from '../domain/environment-settings';
import type { IdempotencyClaim, NewSession, SessionRecord } from '../domain/session';
import { longestLife } from '../domain/session-state-machine';
import { emailOf, normaliseNewSession } from '../domain/session-request';
import type { EmbedTokens } from './ports/embed-tokens';
import type { ServiceClients } from './ports/service-clients';
import type { SessionStore, SessionTransaction } from './ports/session-store';
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

async function insertOnce(tx: SessionTransaction, fresh: NewSession, idempotency: IdempotencyClaim): Promise<SessionRecord> {
  const once = await tx.insertOnce(fresh, idempotency);
  // The key's scope is the project; its request includes the environment (the gateway's fingerprint).
  if (once.fingerprint !== idempotency.fingerprint) throw new KycError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
  return once.session;
}

const isBillingRefusal = (error: unknown) =>
  error instanceof KycError && (error.code === ErrorCode.BALANCE_EXHAUSTED || error.code === ErrorCode.CREDIT_LIMIT);

/**
 * POST /v1/sessions (spec 4.1): live needs an approved project; sandbox and live need trial or
 * balance, and each new session holds one unit of it from creation (billing's ReserveSession), so
 * that concurrent creations cannot outrun the balance.
 */
export class CreateSessionUseCase {
  constructor(
    private readonly sessions: SessionStore,
    private readonly tenancy: Pick<TenancyStore, 'requireProject' | 'settings'>,
    private readonly clients: Pick<ServiceClients, 'billing'>,
    private readonly tokens: EmbedTokens,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  async execute(command: CreateSessionCommand): Promise<CreatedSession> {
    const request = normaliseNewSession(command);
    const project = await this.tenancy.requireProject(command.projectId);
    if (command.environment === 'live' && project.moderationStatus !== 'approved') {
      throw new KycError(ErrorCode.PROJECT_NOT_APPROVED, 'Live sessions need an approved project', {
        moderationStatus: project.moderationStatus,
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
    const billed = command.environment !== 'test';
    const { idempotency } = command;
    let reservationAsked = false;
    let session: SessionRecord;
    try {
      session = await this.sessions.transaction(async (tx) => {
        const made = idempotency ? await insertOnce(tx, fresh, idempotency) : await tx.insert(fresh);
        // An idempotent replay answers the session made first, which holds its own unit.
        if (made.id !== fresh.id || !billed) return made;
        // Reserved while the new row is uncommitted: a refusal (KYC_023/024) rolls the session and its key back.
        reservationAsked = true;
        await this.clients.billing.reserveSession({
          projectId: command.projectId,
          environment: toProtoEnvironment(command.environment),
          sessionId: fresh.id,
          holdUntil: longestLife(createdAt, request.expiryMinutes).toISOString(),
        });
        return made;
      });
    } catch (error) {
      // The reservation may have been made (a lost answer, a failed commit): give it back, or it lapses at holdUntil.
      if (reservationAsked && !isBillingRefusal(error)) await this.releaseReservation(command, fresh.id);
      throw error;
    }
    const embedToken = await this.tokens.issue({
      sessionId: session.id,
      projectId: session.projectId,
      environment: session.environment,
      expiresAt: longestLife(session.createdAt, session.expiryMinutes),
    });
    // An idempotent replay answers the session as it was made, with the settings it was made with.
    return { session, embedToken, allowManualUpload: session.allowManualUpload };
  }

  /** A unit reserved for a session that was never made goes back; if billing cannot be reached, it lapses at holdUntil. */
  private async releaseReservation(command: CreateSessionCommand, sessionId: string): Promise<void> {
    try {
      await this.clients.billing.releaseSession({
        projectId: command.projectId,
        environment: toProtoEnvironment(command.environment),
        sessionId,
      });
    } catch (error) {
      this.logger.warn({ err: error, sessionId }, 'could not release the billing reservation of a session that was not created');
    }
  }
}
