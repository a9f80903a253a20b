import { ErrorCode } from '@kyc/errors';
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
  const billing = { billing: { authorizeSessionCreation: async () => ({}) } } as unknown as Pick<ServiceClients, 'billing'>;

  beforeAll(async () => {
    const tenancy = new TenancyRepository(database.dataSource);
    projectId = (await tenancy.createProject('Idempotency', 'Tests')).project.id;
    useCase = new CreateSessionUseCase(new SessionRepository(database.dataSource), tenancy, billing, new EmbedTokenIssuer('k'.repeat(40)));
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

  it('answers the first session when the same request comes again (its first answer lost)', async () => {
    const first = await useCase.execute(command('retry-1'));
    const again = await useCase.execute(command('retry-1'));
    expect(again.session.id).toBe(first.session.id);
    expect(await countWithKey('retry-1')).toBe(1);
  });

  it('makes one session of concurrent requests with one key', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => useCase.execute(command('race-1'))));
    expect(new Set(results.map((r) => r.session.id)).size).toBe(1);
    expect(await countWithKey('race-1')).toBe(1);
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
