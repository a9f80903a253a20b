import type { session } from '@kyc/contracts';
import type { AuditEntryRecord } from '../domain/audit-log';
import type { OperatorRecord } from '../domain/operators';

export function toOperatorMessage(operator: OperatorRecord): session.Operator {
  return {
    id: operator.id,
    email: operator.email,
    role: operator.role,
    status: operator.status,
    createdAt: operator.createdAt.toISOString(),
    disabledAt: operator.disabledAt?.toISOString() ?? '',
    createdBy: operator.createdBy,
  };
}

export function toAuditEntryMessage(entry: AuditEntryRecord): session.AuditEntry {
  return { ...entry, occurredAt: entry.occurredAt.toISOString() };
}
