import { ErrorCode } from '@kyc/errors';
import { withServiceDatabase } from '@kyc/testing';
import { OperatorUseCases } from '../application/operators.usecases';
import type { AuditEntryInput } from '../domain/audit-log';
import { createSessionDataSource } from '../infrastructure/data-source';
import { AuditLogRepository, OperatorRepository } from '../infrastructure/operator.repository';

/** Operators' credentials and the append-only audit log on a real PostgreSQL. */
describe(OperatorUseCases.name, () => {
  const database = withServiceDatabase(createSessionDataSource);
  let sut: OperatorUseCases;

  beforeAll(() => {
    sut = new OperatorUseCases(new OperatorRepository(database.dataSource), new AuditLogRepository(database.dataSource));
  });

  const entry = (overrides: Partial<AuditEntryInput> = {}): AuditEntryInput => ({
    operatorId: 'op-1',
    operatorRole: 'admin',
    action: 'projects.create',
    target: '',
    outcome: 'succeeded',
    statusCode: 201,
    requestId: 'req-1',
    channel: 'api',
    ...overrides,
  });

  it('creates an operator whose token and password authenticate it, and stores neither in clear', async () => {
    const created = await sut.create({ email: 'Ana@Example.com', role: 'reviewer', password: '', createdBy: 'bootstrap' });
    expect(created.operator).toMatchObject({ email: 'ana@example.com', role: 'reviewer', status: 'active', createdBy: 'bootstrap' });
    expect(created.password).toHaveLength(24);
    expect((await sut.authenticateToken(created.token)).id).toBe(created.operator.id);
    expect((await sut.authenticatePassword('ANA@example.com', created.password)).id).toBe(created.operator.id);

    const [stored] = await database.dataSource.query(
      `SELECT o.password_hash, t.token_hash, t.prefix FROM session.operators o JOIN session.operator_tokens t ON t.operator_id = o.id WHERE o.id = $1`,
      [created.operator.id],
    );
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain(created.password);
    expect(Buffer.isBuffer(stored.token_hash) && stored.token_hash.length).toBe(32);
    expect(created.token.startsWith(stored.prefix)).toBe(true);
  });

  it('answers wrong, unknown and malformed credentials with one UNAUTHENTICATED', async () => {
    const created = await sut.create({ email: 'bo@example.com', role: 'read_only', password: 'a long enough password', createdBy: '' });
    await expect(sut.authenticatePassword('bo@example.com', 'a long enough passworD')).rejects.toMatchObject({
      code: ErrorCode.UNAUTHENTICATED,
    });
    await expect(sut.authenticatePassword('nobody@example.com', 'a long enough password')).rejects.toMatchObject({
      code: ErrorCode.UNAUTHENTICATED,
    });
    await expect(sut.authenticateToken(created.token.slice(0, -1) + (created.token.endsWith('A') ? 'B' : 'A'))).rejects.toMatchObject({
      code: ErrorCode.UNAUTHENTICATED,
    });
    await expect(sut.authenticateToken('adm_not-an-operator-token')).rejects.toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
  });

  it('refuses a second operator with the same e-mail, an unknown role and a short password', async () => {
    await sut.create({ email: 'cy@example.com', role: 'admin', password: '', createdBy: '' });
    await expect(sut.create({ email: 'CY@example.com', role: 'admin', password: '', createdBy: '' })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });
    await expect(sut.create({ email: 'dee@example.com', role: 'owner', password: '', createdBy: '' })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });
    await expect(sut.create({ email: 'dee@example.com', role: 'admin', password: 'short', createdBy: '' })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });
  });

  it('disables an operator: its token and password authenticate no more; it stays listed', async () => {
    const created = await sut.create({ email: 'ed@example.com', role: 'admin', password: '', createdBy: '' });
    const disabled = await sut.disable(created.operator.id);
    expect(disabled).toMatchObject({ status: 'disabled', disabledAt: expect.any(Date) });
    await expect(sut.authenticateToken(created.token)).rejects.toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
    await expect(sut.authenticatePassword('ed@example.com', created.password)).rejects.toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
    expect((await sut.list()).find((o) => o.id === created.operator.id)?.status).toBe('disabled');
    await expect(sut.disable('00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('lists audit entries newest first, filtered by operator and action, page by page', async () => {
    const first = await sut.append(entry({ operatorId: 'op-a', action: 'projects.create' }));
    const second = await sut.append(entry({ operatorId: 'op-b', action: 'sessions.review', target: 'project:p session:s' }));
    const third = await sut.append(entry({ operatorId: 'op-a', action: 'sessions.review', outcome: 'denied', statusCode: 403 }));
    expect((await sut.listAudit({ limit: 3 })).map((e) => e.id)).toEqual([third.id, second.id, first.id]);
    expect((await sut.listAudit({ operatorId: 'op-a', limit: 50 })).map((e) => e.id)).toEqual([third.id, first.id]);
    expect((await sut.listAudit({ action: 'sessions.review', limit: 50 })).map((e) => e.id)).toEqual([third.id, second.id]);
    expect((await sut.listAudit({ before: third.id, limit: 1 })).map((e) => e.id)).toEqual([second.id]);
    // Past ten entries too (ids compared as numbers, not as text).
    const more = [];
    for (let i = 0; i < 9; i++) more.push(await sut.append(entry({ operatorId: 'op-c' })));
    expect((await sut.listAudit({ operatorId: 'op-c', limit: 50 })).map((e) => e.id)).toEqual(more.map((e) => e.id).reverse());
    await expect(sut.append(entry({ outcome: 'maybe' as never }))).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    await expect(sut.append(entry({ target: 'name: Ana Müller' }))).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
  });

  it('refuses UPDATE, DELETE and TRUNCATE on the audit table at the database', async () => {
    const written = await sut.append(entry({ action: 'operators.create' }));
    await expect(
      database.dataSource.query(`UPDATE session.admin_audit_log SET outcome = 'denied' WHERE id = $1`, [written.id]),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(database.dataSource.query(`DELETE FROM session.admin_audit_log WHERE id = $1`, [written.id])).rejects.toThrow(
      /append-only: DELETE refused/,
    );
    await expect(database.dataSource.query(`TRUNCATE session.admin_audit_log`)).rejects.toThrow(/append-only: TRUNCATE refused/);
    const [kept] = await database.dataSource.query(`SELECT outcome FROM session.admin_audit_log WHERE id = $1`, [written.id]);
    expect(kept.outcome).toBe('succeeded');
  });
});
