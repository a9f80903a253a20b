import { randomUUID } from 'node:crypto';
import { type EventEnvelope, PostgresEventBus, TOPICS, appendToEventLog, createEventLogDataSource } from '@kyc/events';
import { createLogger } from '@kyc/logger';
import { type DataSource, runMigrations } from '@kyc/persistence';
import { startTestDatabase, type TestDatabase } from '@kyc/testing';
import { createBillingDataSource } from '../infrastructure/data-source';
import { BillingRepository } from '../infrastructure/billing.repository';
import { consumeCompletedVerifications } from '../transport/completed-verifications.consumer';

/** Billing from completion events on a real PostgreSQL: once per session, never for test mode. */
describe('billing from verification.completed events', () => {
  let database: TestDatabase;
  let billing: DataSource;
  let eventLog: DataSource;
  let repository: BillingRepository;
  const logger = createLogger('test', 'silent');

  beforeAll(async () => {
    database = await startTestDatabase();
    eventLog = createEventLogDataSource(database.url);
    await runMigrations(eventLog);
    billing = createBillingDataSource(database.url);
    await runMigrations(billing);
    repository = new BillingRepository(billing, 2);
  }, 60_000);

  afterAll(async () => {
    await billing?.destroy();
    await eventLog?.destroy();
    await database?.stop();
  });

  const completed = (projectId: string, environment: string, sessionId: string, testMode = false): EventEnvelope => ({
    id: randomUUID(), type: 'verification.completed', occurredAt: new Date().toISOString(), projectId, environment, sessionId, payload: { status: 'completed', testMode },
  });

  it('charges each completed sandbox/live session once, trial first, and never test mode', async () => {
    const projectId = randomUUID();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const first = completed(projectId, 'sandbox', a);
    const events = [first, first, completed(projectId, 'sandbox', a), completed(projectId, 'sandbox', b), completed(projectId, 'sandbox', c), completed(projectId, 'test', randomUUID(), true)];
    await eventLog.transaction((manager) => appendToEventLog(manager, TOPICS.session, events));

    const bus = new PostgresEventBus(billing, logger);
    const subscription = consumeCompletedVerifications(bus, repository);
    const deadline = Date.now() + 10_000;
    let charges: { session_id: string; source: string }[] = [];
    while (Date.now() < deadline) {
      charges = await billing.query(`SELECT session_id, source FROM billing.charges WHERE project_id = $1 ORDER BY created_at`, [projectId]);
      if (charges.length >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await subscription.stop();
    expect(charges.map((c) => c.session_id).sort()).toEqual([a, b, c].sort());
    expect(charges.map((c) => c.source)).toEqual(['trial', 'trial', 'unpaid']);
    expect(await repository.getAccount(projectId, 'sandbox')).toEqual({ balance: 0, trialRemaining: 0 });
  });

  it('charges once for 100 redelivered completion events of one session', async () => {
    const projectId = randomUUID();
    const sessionId = randomUUID();
    const redelivered = Array.from({ length: 100 }, () => completed(projectId, 'live', sessionId));
    await Promise.all(redelivered.map((event) => repository.chargeForEvent(event.id, projectId, 'live', sessionId)));
    await Promise.all(redelivered.slice(0, 10).map((event) => repository.chargeForEvent(event.id, projectId, 'live', sessionId)));
    const charges: unknown[] = await billing.query(`SELECT 1 FROM billing.charges WHERE session_id = $1`, [sessionId]);
    expect(charges).toHaveLength(1);
    expect(await repository.getAccount(projectId, 'live')).toEqual({ balance: 0, trialRemaining: 1 });
  });
});
