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

/** Billing from completion events on a real PostgreSQL: once per session, never for test mode. */
describe('billing from verification.completed events', () => {
  const database = withServiceDatabase(createEventLogDataSource, createBillingDataSource);
  let eventLog: DataSource;
  let billing: DataSource;
  let repository: BillingRepository;
  const logger = createLogger('test', 'silent');

  beforeAll(() => {
    [eventLog, billing] = database.dataSources;
    repository = new BillingRepository(billing, 2);
  });

  const completed = (
    projectId: string,
    environment: string,
    sessionId: string,
    testMode = false,
    reuse: { isReused: boolean; freeOfCharge: boolean } = { isReused: false, freeOfCharge: false },
  ): EventEnvelope => ({
    id: randomUUID(),
    type: 'verification.completed',
    occurredAt: new Date().toISOString(),
    projectId,
    environment,
    sessionId,
    payload: {
      status: 'completed',
      attemptId: randomUUID(),
      decision: 'approved',
      confidence: 1,
      documentType: '',
      extractedData: undefined,
      duplicate: { suspected: false },
      clientMetadataJson: '',
      testMode,
      poaPending: false,
      ...reuse,
    },
  });

  it('charges each completed sandbox/live session once, trial first, and never test mode', async () => {
    const projectId = randomUUID();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const first = completed(projectId, 'sandbox', a);
    const events = [
      first,
      first,
      completed(projectId, 'sandbox', a),
      completed(projectId, 'sandbox', b),
      completed(projectId, 'sandbox', c),
      completed(projectId, 'test', randomUUID(), true),
    ];
    await eventLog.transaction((manager) => appendToEventLog(manager, TOPICS.session, events));

    const bus = new PostgresEventBus(billing, logger);
    const subscription = consumeCompletedVerifications(bus, repository);
    const deadline = Date.now() + 10_000;
    let charges: { session_id: string; source: string }[] = [];
    while (Date.now() < deadline) {
      charges = await billing.query(`SELECT session_id, source FROM billing.charges WHERE project_id = $1 ORDER BY created_at`, [
        projectId,
      ]);
      if (charges.length >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await subscription.stop();
    expect(charges.map((c) => c.session_id).sort()).toEqual([a, b, c].sort());
    expect(charges.map((c) => c.source)).toEqual(['trial', 'trial', 'credit']);
    // The third completion is owed: the balance shows it.
    expect(await repository.getAccount(projectId, 'sandbox')).toEqual({ balance: -1, trialRemaining: 0, creditLimit: 0 });
  });

  it('vault reuse: a reused completion is charged under the charge policy, not under the free one', async () => {
    const projectId = randomUUID();
    const [charged, free, ordinary] = [randomUUID(), randomUUID(), randomUUID()];
    const events = [
      completed(projectId, 'live', charged, false, { isReused: true, freeOfCharge: false }),
      completed(projectId, 'live', free, false, { isReused: true, freeOfCharge: true }),
      completed(projectId, 'live', free, false, { isReused: true, freeOfCharge: true }),
      completed(projectId, 'live', ordinary),
    ];
    await eventLog.transaction((manager) => appendToEventLog(manager, TOPICS.session, events));

    const bus = new PostgresEventBus(billing, logger);
    const subscription = consumeCompletedVerifications(bus, repository);
    const deadline = Date.now() + 10_000;
    let charges: { session_id: string }[] = [];
    while (Date.now() < deadline) {
      charges = await billing.query(`SELECT session_id FROM billing.charges WHERE project_id = $1`, [projectId]);
      if (charges.length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Give the free completions time to be (not) charged after the others.
    await new Promise((resolve) => setTimeout(resolve, 500));
    charges = await billing.query(`SELECT session_id FROM billing.charges WHERE project_id = $1`, [projectId]);
    await subscription.stop();
    expect(charges.map((c) => c.session_id).sort()).toEqual([charged, ordinary].sort());
    expect(await repository.getAccount(projectId, 'live')).toEqual({ balance: 0, trialRemaining: 0, creditLimit: 0 });
  });

  it('charges once for 100 redelivered completion events of one session', async () => {
    const projectId = randomUUID();
    const sessionId = randomUUID();
    const redelivered = Array.from({ length: 100 }, () => completed(projectId, 'live', sessionId));
    await Promise.all(redelivered.map((event) => repository.chargeForEvent(event.id, projectId, 'live', sessionId)));
    await Promise.all(redelivered.slice(0, 10).map((event) => repository.chargeForEvent(event.id, projectId, 'live', sessionId)));
    const charges: unknown[] = await billing.query(`SELECT 1 FROM billing.charges WHERE session_id = $1`, [sessionId]);
    expect(charges).toHaveLength(1);
    expect(await repository.getAccount(projectId, 'live')).toEqual({ balance: 0, trialRemaining: 1, creditLimit: 0 });
  });

  it('keeps a balance history that adds up: top-up, trial and credit settings, charges', async () => {
    const projectId = randomUUID();
    await repository.setTrial(projectId, 'live', 1);
    await repository.topUp(projectId, 'live', 1);
    await repository.setCreditLimit(projectId, 'live', 5);
    const sessions = [randomUUID(), randomUUID(), randomUUID()];
    for (const sessionId of sessions) await repository.chargeSession(projectId, 'live', sessionId);
    await repository.chargeSession(projectId, 'live', sessions[0]);

    const history = await repository.history(projectId, 'live', 50);
    expect(history.map((e) => [e.kind, e.amount, e.source, e.balanceAfter, e.trialRemainingAfter, e.creditLimitAfter])).toEqual([
      ['charge', -1, 'credit', -1, 0, 5],
      ['charge', -1, 'balance', 0, 0, 5],
      ['charge', -1, 'trial', 1, 0, 5],
      ['credit_limit_set', 5, null, 1, 1, 5],
      ['top_up', 1, null, 1, 1, 0],
      ['trial_set', 1, null, 0, 1, 0],
    ]);
    expect(history.filter((e) => e.kind === 'charge').map((e) => e.sessionId)).toEqual([...sessions].reverse());
    const page = await repository.history(projectId, 'live', 2, history[1].id);
    expect(page.map((e) => e.id)).toEqual([history[2].id, history[3].id]);
  });

  it('serialises concurrent charges of different sessions on the account row', async () => {
    const projectId = randomUUID();
    await repository.setTrial(projectId, 'sandbox', 3);
    await repository.topUp(projectId, 'sandbox', 4);
    await Promise.all(Array.from({ length: 10 }, () => repository.chargeSession(projectId, 'sandbox', randomUUID())));
    expect(await repository.getAccount(projectId, 'sandbox')).toEqual({ balance: -3, trialRemaining: 0, creditLimit: 0 });
    const sources: { source: string; n: number }[] = await billing.query(
      `SELECT source, count(*)::int AS n FROM billing.charges WHERE project_id = $1 GROUP BY source ORDER BY source`,
      [projectId],
    );
    expect(sources).toEqual([
      { source: 'balance', n: 4 },
      { source: 'credit', n: 3 },
      { source: 'trial', n: 3 },
    ]);
  });

  it('refuses session creation with KYC_023 without credit and KYC_024 once the credit limit is used', async () => {
    const controller = new BillingGrpcController(repository);
    const projectId = randomUUID();
    const ref = { projectId, environment: common.ProjectEnvironment.PROJECT_ENVIRONMENT_LIVE };
    await controller.setTrial({ ...ref, trialRemaining: 0 });
    await expect(controller.authorizeSessionCreation(ref)).rejects.toMatchObject({ code: 'KYC_023' });
    await controller.setCreditLimit({ ...ref, creditLimit: 2 });
    await expect(controller.authorizeSessionCreation(ref)).resolves.toMatchObject({ allowed: true });
    await controller.chargeCompletedSession({ ...ref, sessionId: randomUUID() });
    await expect(controller.authorizeSessionCreation(ref)).resolves.toMatchObject({ allowed: true });
    await controller.chargeCompletedSession({ ...ref, sessionId: randomUUID() });
    await expect(controller.authorizeSessionCreation(ref)).rejects.toMatchObject({ code: 'KYC_024' });
    expect(await controller.topUp({ ...ref, amount: 3 })).toMatchObject({ balance: 1, creditLimit: 2 });
    await expect(controller.authorizeSessionCreation(ref)).resolves.toMatchObject({ allowed: true });
    const { entries } = await controller.listLedger({ ...ref, limit: 0, before: '' });
    expect(entries.map((e) => e.kind)).toEqual(['top_up', 'charge', 'charge', 'credit_limit_set', 'trial_set']);
    expect(await controller.getBalance(ref)).toMatchObject({ environment: common.ProjectEnvironment.PROJECT_ENVIRONMENT_LIVE });
  });

  it('never bills test mode, and refuses an environment the caller left out', async () => {
    const controller = new BillingGrpcController(repository);
    for (const environment of [
      common.ProjectEnvironment.PROJECT_ENVIRONMENT_TEST,
      common.ProjectEnvironment.PROJECT_ENVIRONMENT_UNSPECIFIED,
    ]) {
      await expect(controller.getBalance({ projectId: randomUUID(), environment })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
