import { type AttemptRecord, type SessionRecord, type SessionScope, nonEmptyIssues } from '../domain/session';
import { emailOf, parseClientMetadata } from '../domain/session-request';
import { isPastTtl } from '../domain/session-state-machine';
import type { SessionStore } from './ports/session-store';
import type { TenancyStore } from './ports/tenancy-store';
import { lockForWrite, readSession } from './session-expiry';
import { applyTransition, snapshotOf } from './session-transitions';
import { updatedEvent } from './verification-events';

const DEVICE_FIELDS = ['ipAddress', 'userAgent', 'fingerprint', 'timezone', 'language', 'platform', 'screenResolution'] as const;
export type DeviceData = Partial<Record<(typeof DEVICE_FIELDS)[number], string>>;

/** The verification read (spec 4.8): the session, the attempt that produced a result, and the issues to show. */
export interface VerificationView {
  session: SessionRecord;
  /** The latest attempt that decided (none while processing, none when abandoned). */
  attempt: AttemptRecord | null;
  issueCodes: string[];
}

/** Reads and small writes: session read/update (4.2, 4.3), device data (4.6), verification read (4.8). */
export class SessionQueries {
  constructor(
    private readonly sessions: SessionStore,
    private readonly tenancy: Pick<TenancyStore, 'requireProject'>,
  ) {}

  getSession(scope: SessionScope, sessionId: string): Promise<SessionRecord> {
    return readSession(this.sessions, scope, sessionId);
  }

  /** Replaces clientMetadata; emits verification.updated (our chosen trigger, docs/events.md). */
  updateClientMetadata(scope: SessionScope, sessionId: string, clientMetadataJson: string): Promise<SessionRecord> {
    const clientMetadata = parseClientMetadata(JSON.parse(clientMetadataJson || '{}'));
    return this.sessions.transaction(async (tx) => {
      const current = await tx.findForUpdate(scope, sessionId);
      const changed = await tx.update(current.id, { clientMetadata, email: emailOf(clientMetadata) });
      await tx.appendOutbox({ ...updatedEvent(changed), session: changed });
      return changed;
    });
  }

  /** Repeated calls merge: a field sent again replaces its value, others stay. */
  async recordDeviceData(scope: SessionScope, sessionId: string, input: DeviceData): Promise<DeviceData> {
    const merged = await this.sessions.transaction(async (tx) => {
      const current = await lockForWrite(tx, scope, sessionId);
      const applied = await applyTransition(tx, current, 'device_data_recorded', {});
      const deviceData = { ...applied.deviceData };
      for (const field of DEVICE_FIELDS) if (input[field]) deviceData[field] = input[field];
      return (await tx.update(current.id, { deviceData })).deviceData;
    });
    return Object.fromEntries(DEVICE_FIELDS.map((field) => [field, merged[field] ?? '']));
  }

  /**
   * Spec part 3: the user opened the hosted widget. A `pending` session becomes `connected` (the
   * state machine's widget_opened row); any other status is answered as it is, a decided one
   * included, so the page can say where the verification stands. Expired: KYC_003.
   */
  openWidget(scope: SessionScope, sessionId: string): Promise<SessionRecord> {
    return this.sessions.transaction(async (tx) => {
      const current = await lockForWrite(tx, scope, sessionId);
      return current.status === 'pending' ? applyTransition(tx, current, 'widget_opened', {}) : current;
    });
  }

  async getVerification(scope: SessionScope, sessionId: string): Promise<VerificationView> {
    const found = await this.sessions.findWithLatestAttempt(scope, sessionId);
    const current = isPastTtl(snapshotOf(found.session), new Date()) ? await readSession(this.sessions, scope, sessionId) : found.session;
    const attempt = found.attempt;
    const produced = attempt && attempt.status !== 'processing' && attempt.status !== 'abandoned' ? attempt : null;
    const underReview = current.status === 'manual_review' || current.status === 'action_required';
    return { session: current, attempt: produced, issueCodes: underReview && produced ? nonEmptyIssues(produced.issueCodes) : [] };
  }

  async listSessions(filter: {
    projectId: string;
    environment?: SessionScope['environment'];
    status?: string;
    limit: number;
  }): Promise<SessionRecord[]> {
    await this.tenancy.requireProject(filter.projectId);
    return this.sessions.list(filter);
  }
}
