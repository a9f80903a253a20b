import type { AuditEntryInput, AuditEntryRecord, AuditQuery } from '../../domain/audit-log';
import type { OperatorRecord, OperatorRole } from '../../domain/operators';

/** Operators and their credentials; tokens and passwords are stored as hashes only. */
export interface OperatorStore {
  /** The active operator owning the active token with this digest, or null. */
  findByTokenHash(tokenHash: Buffer): Promise<OperatorRecord | null>;
  /** The operator with this (normalised) e-mail and its password hash, disabled ones included. */
  findByEmail(email: string): Promise<(OperatorRecord & { passwordHash: string }) | null>;
  /** Null when the e-mail is taken. */
  create(operator: {
    email: string;
    role: OperatorRole;
    passwordHash: string;
    tokenHash: Buffer;
    tokenPrefix: string;
    createdBy: string;
  }): Promise<OperatorRecord | null>;
  list(): Promise<OperatorRecord[]>;
  /** Disables the operator and revokes its tokens; NOT_FOUND when there is none. */
  disable(operatorId: string): Promise<OperatorRecord>;
}

/** The append-only audit log: there is no update or delete. */
export interface AuditLog {
  append(entry: AuditEntryInput): Promise<AuditEntryRecord>;
  /** Newest first. */
  list(query: AuditQuery): Promise<AuditEntryRecord[]>;
}
