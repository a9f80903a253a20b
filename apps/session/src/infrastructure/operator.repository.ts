import { ErrorCode, KycError } from '@kyc/errors';
import { type DataSource, returnedRows } from '@kyc/persistence';
import type { AuditLog, OperatorStore } from '../application/ports/operator-store';
import type { AuditEntryInput, AuditEntryRecord, AuditQuery } from '../domain/audit-log';
import type { OperatorRecord, OperatorRole } from '../domain/operators';

const OPERATOR_COLUMNS = `o.id, o.email, o.role, o.status, o.created_at AS "createdAt", o.disabled_at AS "disabledAt", o.created_by AS "createdBy"`;
const UNIQUE_VIOLATION = '23505';

/** Operators and their tokens in the session schema (tenancy's neighbour: both are credentials). */
export class OperatorRepository implements OperatorStore {
  constructor(private readonly dataSource: DataSource) {}

  async findByTokenHash(tokenHash: Buffer): Promise<OperatorRecord | null> {
    const rows: OperatorRecord[] = await this.dataSource.query(
      `SELECT ${OPERATOR_COLUMNS} FROM session.operator_tokens t JOIN session.operators o ON o.id = t.operator_id
        WHERE t.token_hash = $1 AND t.status = 'active' AND o.status = 'active'`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  async findByEmail(email: string): Promise<(OperatorRecord & { passwordHash: string }) | null> {
    const rows: (OperatorRecord & { passwordHash: string })[] = await this.dataSource.query(
      `SELECT ${OPERATOR_COLUMNS}, o.password_hash AS "passwordHash" FROM session.operators o WHERE o.email = $1`,
      [email],
    );
    return rows[0] ?? null;
  }

  create(operator: {
    email: string;
    role: OperatorRole;
    passwordHash: string;
    tokenHash: Buffer;
    tokenPrefix: string;
    createdBy: string;
  }): Promise<OperatorRecord | null> {
    return this.dataSource
      .transaction(async (manager) => {
        const [{ id }]: { id: string }[] = await manager.query(
          `INSERT INTO session.operators (email, role, password_hash, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
          [operator.email, operator.role, operator.passwordHash, operator.createdBy],
        );
        await manager.query(`INSERT INTO session.operator_tokens (operator_id, token_hash, prefix) VALUES ($1, $2, $3)`, [
          id,
          operator.tokenHash,
          operator.tokenPrefix,
        ]);
        const [created]: OperatorRecord[] = await manager.query(`SELECT ${OPERATOR_COLUMNS} FROM session.operators o WHERE o.id = $1`, [
          id,
        ]);
        return created;
      })
      .catch((error: { code?: string; driverError?: { code?: string } }) => {
        if ((error.driverError?.code ?? error.code) === UNIQUE_VIOLATION) return null;
        throw error;
      });
  }

  list(): Promise<OperatorRecord[]> {
    return this.dataSource.query(`SELECT ${OPERATOR_COLUMNS} FROM session.operators o ORDER BY o.created_at, o.email`);
  }

  disable(operatorId: string): Promise<OperatorRecord> {
    return this.dataSource.transaction(async (manager) => {
      const rows = returnedRows<OperatorRecord>(
        await manager.query(
          `UPDATE session.operators o SET status = 'disabled', disabled_at = coalesce(disabled_at, now())
          WHERE o.id::text = $1 RETURNING ${OPERATOR_COLUMNS}`,
          [operatorId],
        ),
      );
      if (!rows[0]) throw new KycError(ErrorCode.NOT_FOUND, 'Operator not found');
      await manager.query(
        `UPDATE session.operator_tokens SET status = 'revoked', revoked_at = now() WHERE operator_id = $1 AND status = 'active'`,
        [rows[0].id],
      );
      return rows[0];
    });
  }
}

const AUDIT_COLUMNS = `id::text AS id, occurred_at AS "occurredAt", operator_id AS "operatorId", operator_role AS "operatorRole", action, target,
  outcome, status_code AS "statusCode", request_id AS "requestId", channel`;

/** `session.admin_audit_log`: INSERT and SELECT only; the table's trigger refuses anything else. */
export class AuditLogRepository implements AuditLog {
  constructor(private readonly dataSource: DataSource) {}

  async append(entry: AuditEntryInput): Promise<AuditEntryRecord> {
    const [row]: AuditEntryRecord[] = await this.dataSource.query(
      `INSERT INTO session.admin_audit_log (operator_id, operator_role, action, target, outcome, status_code, request_id, channel)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${AUDIT_COLUMNS}`,
      [entry.operatorId, entry.operatorRole, entry.action, entry.target, entry.outcome, entry.statusCode, entry.requestId, entry.channel],
    );
    return row;
  }

  list(query: AuditQuery): Promise<AuditEntryRecord[]> {
    return this.dataSource.query(
      // Ordered by the table's bigint id (the answer's id is its text form, which would sort 10 before 9).
      `SELECT ${AUDIT_COLUMNS} FROM session.admin_audit_log entry
        WHERE ($1::text IS NULL OR operator_id = $1) AND ($2::text IS NULL OR action = $2) AND ($3::bigint IS NULL OR entry.id < $3)
        ORDER BY entry.id DESC LIMIT $4`,
      [query.operatorId ?? null, query.action ?? null, query.before ?? null, query.limit],
    );
  }
}
