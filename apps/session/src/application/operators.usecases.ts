import { ErrorCode, KycError } from '@kyc/errors';
import { type AuditEntryInput, type AuditEntryRecord, type AuditQuery, auditEntryProblem } from '../domain/audit-log';
import {
  type CreatedOperator,
  type OperatorRecord,
  UNUSABLE_PASSWORD_HASH,
  generatePassword,
  hashOperatorToken,
  hashPassword,
  isOperatorRole,
  issueOperatorToken,
  looksLikeOperatorToken,
  normaliseOperatorEmail,
  OPERATOR_ROLES,
  passwordProblem,
  verifyPassword,
} from '../domain/operators';
import type { AuditLog, OperatorStore } from './ports/operator-store';

/** Operators' credentials and the audit log of what they did (issue 26, item 9). */
export class OperatorUseCases {
  constructor(
    private readonly operators: OperatorStore,
    private readonly audit: AuditLog,
  ) {}

  /** Unknown, revoked, malformed and disabled tokens are one answer. */
  async authenticateToken(token: string): Promise<OperatorRecord> {
    const operator = looksLikeOperatorToken(token) ? await this.operators.findByTokenHash(hashOperatorToken(token)) : null;
    if (!operator) throw new KycError(ErrorCode.UNAUTHENTICATED, 'Unknown, revoked or disabled operator token');
    return operator;
  }

  /** An unknown e-mail costs the same scrypt as a wrong password, and answers the same. */
  async authenticatePassword(email: string, password: string): Promise<OperatorRecord> {
    const found = await this.operators.findByEmail(normaliseOperatorEmail(email) ?? '');
    const matches = verifyPassword(password, found?.passwordHash ?? UNUSABLE_PASSWORD_HASH);
    if (!found || !matches || found.status !== 'active') throw new KycError(ErrorCode.UNAUTHENTICATED, 'Wrong e-mail or password');
    const { passwordHash: _hidden, ...operator } = found;
    return operator;
  }

  async create(request: { email: string; role: string; password: string; createdBy: string }): Promise<CreatedOperator> {
    const email = normaliseOperatorEmail(request.email);
    if (!email) throw new KycError(ErrorCode.VALIDATION_FAILED, 'email must be an e-mail address');
    if (!isOperatorRole(request.role)) throw new KycError(ErrorCode.VALIDATION_FAILED, `role must be one of ${OPERATOR_ROLES.join(', ')}`);
    const password = request.password || generatePassword();
    const problem = passwordProblem(password);
    if (problem) throw new KycError(ErrorCode.VALIDATION_FAILED, problem);
    const token = issueOperatorToken();
    const operator = await this.operators.create({
      email,
      role: request.role,
      passwordHash: hashPassword(password),
      tokenHash: hashOperatorToken(token.value),
      tokenPrefix: token.prefix,
      createdBy: request.createdBy,
    });
    if (!operator) throw new KycError(ErrorCode.VALIDATION_FAILED, 'an operator with this e-mail exists');
    return { operator, token: token.value, password };
  }

  list(): Promise<OperatorRecord[]> {
    return this.operators.list();
  }

  disable(operatorId: string): Promise<OperatorRecord> {
    return this.operators.disable(operatorId);
  }

  async append(entry: AuditEntryInput): Promise<AuditEntryRecord> {
    const problem = auditEntryProblem(entry);
    if (problem) throw new KycError(ErrorCode.VALIDATION_FAILED, problem);
    return this.audit.append(entry);
  }

  async listAudit(query: AuditQuery): Promise<AuditEntryRecord[]> {
    if (query.before !== undefined && !/^\d{1,18}$/.test(query.before))
      throw new KycError(ErrorCode.VALIDATION_FAILED, 'before must be an entry id');
    return this.audit.list({ ...query, limit: Math.min(Math.max(query.limit || 50, 1), 200) });
  }
}
