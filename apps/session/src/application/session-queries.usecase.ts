import type { session } from '@kyc/contracts';
import { emailOf, parseClientMetadata } from '../domain/session-request';
import type { SessionRepository, SessionScope } from '../infrastructure/session.repository';
import type { TenancyRepository } from '../infrastructure/tenancy.repository';
import type { SessionConfig } from '../config';
import { lockForWrite, readSession } from './session-expiry';
import { isPastTtl } from '../domain/session-state-machine';
import { applyTransition, snapshotOf } from './session-transitions';
import { toAttemptMessage, toSessionMessage } from './session-presenter';
import { updatedEvent } from './verification-events';

const DEVICE_FIELDS = ['ipAddress', 'userAgent', 'fingerprint', 'timezone', 'language', 'platform', 'screenResolution'] as const;

/** Reads and small writes: session read/update (4.2, 4.3), device data (4.6), verification read (4.8). */
export class SessionQueries {
  constructor(private readonly sessions: SessionRepository, private readonly tenancy: TenancyRepository, private readonly config: Pick<SessionConfig, 'PUBLIC_BASE_URL'>) {}

  async getSession(scope: SessionScope, sessionId: string): Promise<session.Session> {
    return toSessionMessage(await readSession(this.sessions, scope, sessionId), { config: this.config });
  }

  /** Replaces clientMetadata; emits verification.updated (our chosen trigger, docs/events.md). */
  async updateClientMetadata(scope: SessionScope, sessionId: string, clientMetadataJson: string): Promise<session.Session> {
    const clientMetadata = parseClientMetadata(JSON.parse(clientMetadataJson || '{}'));
    const updated = await this.sessions.transaction(async (manager) => {
      const current = await this.sessions.findForUpdate(manager, scope, sessionId);
      const changed = await this.sessions.update(manager, current.id, { clientMetadata, email: emailOf(clientMetadata) });
      await this.sessions.appendOutbox(manager, { ...updatedEvent(changed), session: changed });
      return changed;
    });
    return toSessionMessage(updated, { config: this.config });
  }

  /** Repeated calls merge: a field sent again replaces its value, others stay. */
  async recordDeviceData(scope: SessionScope, sessionId: string, input: session.DeviceData): Promise<session.DeviceData> {
    const merged = await this.sessions.transaction(async (manager) => {
      const current = await lockForWrite(this.sessions, manager, scope, sessionId);
      const applied = await applyTransition(this.sessions, manager, current, 'device_data_recorded', {});
      const deviceData = { ...applied.session.deviceData };
      for (const field of DEVICE_FIELDS) if (input[field]) deviceData[field] = input[field];
      return (await this.sessions.update(manager, current.id, { deviceData })).deviceData;
    });
    return Object.fromEntries(DEVICE_FIELDS.map((field) => [field, merged[field] ?? ''])) as unknown as session.DeviceData;
  }

  async getVerification(scope: SessionScope, sessionId: string): Promise<session.Verification> {
    const found = await this.sessions.findWithLatestAttempt(scope, sessionId);
    const current = isPastTtl(snapshotOf(found.session), new Date()) ? await readSession(this.sessions, scope, sessionId) : found.session;
    const attempt = found.attempt;
    const produced = attempt && attempt.status !== 'processing' && attempt.status !== 'abandoned' ? attempt : null;
    const underReview = current.status === 'manual_review' || current.status === 'action_required';
    return {
      sessionId: current.id,
      status: current.status,
      testMode: current.testMode,
      clientMetadataJson: JSON.stringify(current.clientMetadata),
      createdAt: current.createdAt.toISOString(),
      expiresAt: current.expiresAt.toISOString(),
      updatedAt: current.updatedAt.toISOString(),
      hasVerification: produced !== null,
      verification: produced ? toAttemptMessage(produced) : undefined,
      issueCodes: underReview && produced ? (produced.issueCodes.length ? produced.issueCodes : ['GENERIC_REVIEW']) : [],
      nextAction: current.status === 'action_required' ? current.nextAction ?? '' : '',
    };
  }

  async listSessions(filter: { projectId: string; environment?: SessionScope['environment']; status?: string; limit: number }): Promise<session.SessionSummary[]> {
    await this.tenancy.requireProject(filter.projectId);
    const records = await this.sessions.list(filter);
    return records.map((r) => {
      const message = toSessionMessage(r, { config: this.config });
      return { id: r.id, environment: message.environment, status: r.status, testMode: r.testMode, createdAt: message.createdAt, updatedAt: message.updatedAt, expiresAt: message.expiresAt };
    });
  }
}
