/**
 * One admin action, as the append-only audit log keeps it. Ids, route-level action names and
 * codes only: no personal data (no e-mail, name or request body), so the log can be kept and read
 * widely.
 */
export const AUDIT_OUTCOMES = ['succeeded', 'denied', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const AUDIT_CHANNELS = ['api', 'cli'] as const;
export type AuditChannel = (typeof AUDIT_CHANNELS)[number];

export interface AuditEntryInput {
  operatorId: string;
  operatorRole: string;
  action: string;
  target: string;
  outcome: AuditOutcome;
  statusCode: number;
  requestId: string;
  channel: AuditChannel;
}

export interface AuditEntryRecord extends AuditEntryInput {
  /** Increasing: a larger id is a later entry. */
  id: string;
  occurredAt: Date;
}

export interface AuditQuery {
  operatorId?: string;
  action?: string;
  limit: number;
  /** Only entries with a smaller id. */
  before?: string;
}

/** Short printable ASCII: an action, a target, an id. Anything else is not written (it might carry data we must not keep). */
const FIELD = /^[\x20-\x7e]{0,300}$/;

/** The problem with an entry, or null when it may be written. */
export function auditEntryProblem(entry: AuditEntryInput): string | null {
  if (!entry.operatorId || !FIELD.test(entry.operatorId)) return 'operatorId is required';
  if (!entry.action || !FIELD.test(entry.action)) return 'action is required';
  if (!FIELD.test(entry.target) || !FIELD.test(entry.operatorRole) || !FIELD.test(entry.requestId))
    return 'fields must be short printable text';
  if (!(AUDIT_OUTCOMES as readonly string[]).includes(entry.outcome)) return `outcome must be one of ${AUDIT_OUTCOMES.join(', ')}`;
  if (!(AUDIT_CHANNELS as readonly string[]).includes(entry.channel)) return `channel must be one of ${AUDIT_CHANNELS.join(', ')}`;
  if (!Number.isInteger(entry.statusCode) || entry.statusCode < 100 || entry.statusCode > 599) return 'statusCode must be an HTTP status';
  return null;
}
