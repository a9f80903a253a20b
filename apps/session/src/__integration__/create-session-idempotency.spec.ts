import { ErrorCode, KycError } from '@kyc/errors';
import { withServiceDatabase } from '@kyc/testing';
import { CreateSessionUseCase } from '../application/create-session.usecase';
import type { ServiceClients } from '../application/ports/service-clients';
import { createSessionDataSource } from '../infrastructure/data-source';
import { EmbedTokenIssuer } from '../infrastructure/embed-token';
import { SessionRepository } from '../infrastructure/session.repository';
import { TenancyRepository } from '../infrastructure/tenancy.repository';

/**
 * Session creation is idempotent where the row is written (issue: a create RPC that timed out
 * after its insert, retried with the same key, must not make a second session).
 */
describe('idempotent session creation (real PostgreSQL)', () => {
  const database = withServiceDatabase(createSessionDataSource);
  let useCase: CreateSessionUseCase;
  let projectId: string;
  /** Billing at its wire: one unit per reserved session; its own spec covers the real ledger. */
  const reservations = new Set<string>();
  const released: string[] = [];
  let units = Number.POSITIVE_INFINITY;
  const billing = {
    billing: {
      reserveSession: async ({ sessionId }: { sessionId: string }) => {
        if (!reservations.has(sessionId) && reservations.size >= units) throw new KycError(ErrorCode.BALANCE_EXHAUSTED);
        reservations.add(sessionId);
        return { allowed: true, reserved: reservations.size };
      },
      releaseSession: async ({ sessionId }: { sessionId: string }) => {
        released.push(sessionId);
        return { released: reservations.delete(sessionId) };
      },
    },
  } as unknown as Pick<ServiceClients, 'billing'>;
  const warnings: unknown[] = [];
  const logger = { warn: (...args: unknown[]) => void warnings.push(args) };

  beforeAll(async () => {
    const tenancy = new TenancyRepository(database.dataSource);
    projectId = (await tenancy.createProject('Idempotency', 'Tests')).project.id;
    useCase = new CreateSessionUseCase(
      new SessionRepository(database.dataSource),
      tenancy,
      billing,
      new EmbedTokenIssuer('k'.repeat(40)),
      logger,
    );
  });

  const command = (key: string, fingerprint = 'fp-1') => ({
    projectId,
    environment: 'sandbox' as const,
    clientMetadata: { email: 'a@example.com' },
    language: 'en',
    expiryMinutes: 30,
    idempotency: { key, fingerprint },
  });
  const countWithKey = async (key: string) =>
    Number((await database.dataSource.query(`SELECT count(*) AS n FROM session.sessions WHERE idempotency_key = $1`, [key]))[0].n);

  beforeEach(() => {
    units = Number.POSITIVE_INFINITY;
  });

  it('answers the first session when the same request comes again (its first answer lost)', async () => {
    const first = await useCase.execute(command('retry-1'));
    // A replay must not need a unit of its own: the session made first holds one.
    units = reservations.size;
    const again = await useCase.execute(command('retry-1'));
    expect(again.session.id).toBe(first.session.id);
    expect(await countWithKey('retry-1')).toBe(1);
    expect(reservations.has(first.session.id)).toBe(true);
  });

  it('makes one session of concurrent requests with one key, holding one unit', async () => {
    const before = reservations.size;
    const results = await Promise.all(Array.from({ length: 6 }, () => useCase.execute(command('race-1'))));
    expect(new Set(results.map((r) => r.session.id)).size).toBe(1);
    expect(await countWithKey('race-1')).toBe(1);
    expect(reservations.size).toBe(before + 1);
    expect(reservations.has(results[0].session.id)).toBe(true);
  });

  it('leaves no session and no claimed key behind when billing refuses the unit', async () => {
    units = reservations.size;
    await expect(useCase.execute(command('refused-1'))).rejects.toMatchObject({ code: ErrorCode.BALANCE_EXHAUSTED });
    expect(await countWithKey('refused-1')).toBe(0);
    // Refused: nothing was reserved, so nothing is given back.
    expect(released).toEqual([]);
    // With room again, the same key makes the session (the refused attempt claimed nothing).
    units = Number.POSITIVE_INFINITY;
    expect((await useCase.execute(command('refused-1'))).session.status).toBe('pending');
  });

  it('gives the unit back when the session cannot be committed after the reservation', async () => {
    const failing = new SessionRepository(database.dataSource);
    const commitFails = Object.assign(Object.create(Object.getPrototypeOf(failing)), failing, {
      transaction: async <T>(work: (tx: never) => Promise<T>) =>
        failing.transaction(async (tx) => {
          await work(tx as never);
          throw new Error('connection lost at commit');
        }),
    });
    const tenancy = new TenancyRepository(database.dataSource);
    const fragile = new CreateSessionUseCase(commitFails, tenancy, billing, new EmbedTokenIssuer('k'.repeat(40)), logger);
    const before = new Set(reservations);
    await expect(fragile.execute(command('commit-lost-1'))).rejects.toThrow('connection lost at commit');
    expect(await countWithKey('commit-lost-1')).toBe(0);
    expect(released).toHaveLength(1);
    expect(before.has(released[0])).toBe(false);
    expect(reservations.has(released[0])).toBe(false);
  });

  it('reserves nothing for test-mode sessions', async () => {
    const before = reservations.size;
    await useCase.execute({ ...command('test-mode-1'), environment: 'test' as const });
    expect(reservations.size).toBe(before);
  });

  it('refuses the key with another request (KYC key reuse), and keys without one stay independent', async () => {
    await useCase.execute(command('reuse-1', 'fp-a'));
    await expect(useCase.execute(command('reuse-1', 'fp-b'))).rejects.toMatchObject({ code: ErrorCode.IDEMPOTENCY_KEY_REUSED });
    const { idempotency: _ignored, ...withoutKey } = command('unused');
    const a = await useCase.execute(withoutKey);
    const b = await useCase.execute(withoutKey);
    expect(a.session.id).not.toBe(b.session.id);
  });
});
