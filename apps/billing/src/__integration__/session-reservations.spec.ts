import { randomUUID } from 'node:crypto';
import { common } from '@kyc/contracts';
import { type EventEnvelope, PostgresEventBus, TOPICS, appendToEventLog, createEventLogDataSource } from '@kyc/events';
import { createLogger } from '@kyc/logger';
import type { DataSource } from '@kyc/persistence';
import { withServiceDatabase } from '@kyc/testing';
import { createBillingDataSource } from '../infrastructure/data-source';
import { BillingRepository } from '../infrastructure/billing.repository';
import { BillingGrpcController } from '../transport/billing.grpc-controller';
import { consumeCompletedVerifications } from '../transport/completed-verifications.consumer';

/**
 * Issue 26 item 12: creation used to check the balance only, so a balance of one let any number
 * of concurrent creations through. Each new session now holds one unit until it is charged or ends
 * unbilled (real PostgreSQL, the gRPC controller as the session service calls it).
 */
describe('session reservations', () => {
  const database = withServiceDatabase(createEventLogDataSource, createBillingDataSource);
  let eventLog: DataSource;
  let billing: DataSource;
  let controller: BillingGrpcController;
  let repository: BillingRepository;
  const logger = createLogger('test', 'silent');
  const LIVE = common.ProjectEnvironment.PROJECT_ENVIRONMENT_LIVE;
  const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

  beforeAll(() => {
    [eventLog, billing] = database.dataSources;
    repository = new BillingRepository(billing, 0);
    controller = new BillingGrpcController(repository);
  });

  async function accountWithBalance(balance: number, creditLimit = 0) {
    const ref = { projectId: randomUUID(), environment: LIVE };
    if (balance) await controller.topUp({ ...ref, amount: balance });
    if (creditLimit) await controller.setCreditLimit({ ...ref, creditLimit });
    return ref;
  }

  const reserve = (ref: { projectId: string; environment: common.ProjectEnvironment }, sessionId = randomUUID(), holdUntil = inADay()) =>
    controller.reserveSession({ ...ref, sessionId, holdUntil });

  const settled = async (attempts: Promise<unknown>[]) => {
    const results = await Promise.allSettled(attempts);
    return {
      allowed: results.filter((r) => r.status === 'fulfilled').length,
      refusals: results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason.code),
    };
  };

  it('lets one of eight concurrent creations through on a balance of one', async () => {
    const ref = await accountWithBalance(1);
    const { allowed, refusals } = await settled(Array.from({ length: 8 }, () => reserve(ref)));
    expect(allowed).toBe(1);
    expect(refusals).toEqual(Array(7).fill('KYC_023'));
    await expect(controller.authorizeSessionCreation(ref)).rejects.toMatchObject({
      code: 'KYC_023',
      details: { reservedByOpenSessions: 1 },
    });
  });

  it('holds credit the same way: a limit of two admits two open sessions, then KYC_024', async () => {
    const ref = await accountWithBalance(0, 2);
    const { allowed, refusals } = await settled(Array.from({ length: 5 }, () => reserve(ref)));
    expect(allowed).toBe(2);
    expect(refusals).toEqual(Array(3).fill('KYC_024'));
  });

  it('is idempotent per session: asking again for the same session holds no second unit', async () => {
    const ref = await accountWithBalance(1);
    const sessionId = randomUUID();
    await expect(reserve(ref, sessionId)).resolves.toMatchObject({ allowed: true, reserved: 1 });
    await expect(reserve(ref, sessionId)).resolves.toMatchObject({ allowed: true, reserved: 1 });
  });

  it('turns the held unit into the charge: the balance is spent once, and the next creation waits for a top-up', async () => {
    const ref = await accountWithBalance(1);
    const sessionId = randomUUID();
    await reserve(ref, sessionId);
    await controller.chargeCompletedSession({ ...ref, sessionId });
    expect(await controller.getBalance(ref)).toMatchObject({ balance: 0 });
    await expect(reserve(ref)).rejects.toMatchObject({ code: 'KYC_023' });
    await controller.topUp({ ...ref, amount: 1 });
    await expect(reserve(ref)).resolves.toMatchObject({ allowed: true, reserved: 1 });
  });

  it('gives the unit back on ReleaseSession, once', async () => {
    const ref = await accountWithBalance(1);
    const sessionId = randomUUID();
    await reserve(ref, sessionId);
    await expect(controller.releaseSession({ ...ref, sessionId })).resolves.toEqual({ released: true });
    await expect(controller.releaseSession({ ...ref, sessionId })).resolves.toEqual({ released: false });
    await expect(reserve(ref)).resolves.toMatchObject({ allowed: true, reserved: 1 });
  });

  it('stops counting a hold whose session can no longer be open', async () => {
    const ref = await accountWithBalance(1);
    await reserve(ref, randomUUID(), new Date(Date.now() - 1_000).toISOString());
    await expect(reserve(ref)).resolves.toMatchObject({ allowed: true, reserved: 1 });
  });

  it('releases the unit of a session that ended unbilled (verification.closed), and ignores test mode', async () => {
    const ref = await accountWithBalance(1);
    const sessionId = randomUUID();
    await reserve(ref, sessionId);
    const closed = (testMode: boolean, id = sessionId): EventEnvelope => ({
      id: randomUUID(),
      type: 'verification.closed',
      occurredAt: new Date().toISOString(),
      projectId: ref.projectId,
      environment: 'live',
      sessionId: id,
      payload: { status: 'expired', testMode },
    });
    await eventLog.transaction((manager) => appendToEventLog(manager, TOPICS.session, [closed(true), closed(false)]));
    const subscription = consumeCompletedVerifications(new PostgresEventBus(billing, logger), repository);
    const deadline = Date.now() + 10_000;
    let open = 1;
    while (Date.now() < deadline && open > 0) {
      open = (await repository.getAccountWithReservations(ref.projectId, 'live')).reserved;
      if (open > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await subscription.stop();
    expect(open).toBe(0);
    const [row] = await billing.query(`SELECT closed_by FROM billing.session_reservations WHERE session_id = $1`, [sessionId]);
    expect(row.closed_by).toBe('release');
    await expect(reserve(ref)).resolves.toMatchObject({ allowed: true });
  });

  it('refuses a reservation without a session id or a readable hold time', async () => {
    const ref = await accountWithBalance(1);
    await expect(controller.reserveSession({ ...ref, sessionId: 'not-a-uuid', holdUntil: inADay() })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(controller.reserveSession({ ...ref, sessionId: randomUUID(), holdUntil: 'tomorrow' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
