import { randomUUID } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import { type IncomingHttpHeaders, type ServerResponse, type Server, createServer } from 'node:http';
import * as path from 'node:path';
import { common } from '@kyc/contracts';
import { type EventBus, type EventEnvelope, KafkaEventBus, PostgresEventBus, TOPICS, createEventLogDataSource } from '@kyc/events';
import { createGrpcClient, generateServiceKeySet } from '@kyc/grpc';
import { createLogger } from '@kyc/logger';
import { type DataSource, runMigrations } from '@kyc/persistence';
import { verifyWebhook } from '@kyc/sdk';
import { freePort } from '@kyc/stack';
import { startTestDatabase, type TestDatabase } from '@kyc/testing';
import { createBillingDataSource } from '@kyc/billing/dist/infrastructure/data-source';
import { createWebhookDataSource } from '@kyc/webhook/dist/infrastructure/data-source';

/**
 * Crash safety with real `kill -9`: the webhook service dies in the middle of a delivery, and a
 * consumer dies between its side effect and its offset commit. Each runs as its own process on
 * a real PostgreSQL, over both transports.
 */
const REPO_ROOT = path.resolve(__dirname, '../../..');
const kafkaBrokers = process.env.KAFKA_BROKERS ?? '';
if (!kafkaBrokers && process.env.CI)
  throw new Error('CI must run the crash tests over Kafka: start `npm run kafka:local` and set KAFKA_BROKERS');
const transports: [string, string][] = [
  ['embedded PostgreSQL', ''],
  ...(kafkaBrokers ? [['Kafka', kafkaBrokers] as [string, string]] : []),
];
const logger = createLogger('crash-e2e', 'silent');

/** A child process whose stdout lines are kept, so a test can wait for what it printed. */
class Service {
  readonly lines: string[] = [];
  readonly exited: Promise<NodeJS.Signals | number | null>;
  private readonly child: ChildProcess;

  constructor(args: string[], env: Record<string, string>) {
    this.child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    const collect = (chunk: Buffer) => {
      pending += chunk.toString();
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      this.lines.push(...parts);
    };
    this.child.stdout!.on('data', collect);
    this.child.stderr!.on('data', collect);
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve(signal ?? code)));
  }

  killHard(): Promise<NodeJS.Signals | number | null> {
    this.child.kill('SIGKILL');
    return this.exited;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await this.exited;
  }

  async waitForLine(pattern: RegExp, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const line = this.lines.find((l) => pattern.test(l));
      if (line) return line;
      await sleep(50);
    }
    throw new Error(`no line matching ${pattern} within ${timeoutMs} ms; output:\n${this.lines.slice(-30).join('\n')}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error('condition not met in time');
}

function completedEvent(projectId: string, environment: string): EventEnvelope<'verification.completed'> {
  return {
    id: randomUUID(),
    type: 'verification.completed',
    occurredAt: new Date().toISOString(),
    projectId,
    environment,
    sessionId: randomUUID(),
    payload: {
      status: 'completed',
      attemptId: randomUUID(),
      decision: 'approved',
      confidence: 0.97,
      documentType: 'passport',
      extractedData: undefined,
      duplicate: { suspected: false },
      clientMetadataJson: '',
      testMode: environment === 'test',
      poaPending: false,
      isReused: false,
      freeOfCharge: false,
    },
  };
}

describe.each(transports)('crash recovery with kill -9 (%s events)', (_transport, brokers) => {
  let database: TestDatabase;
  let eventLog: DataSource;
  let bus: EventBus;

  beforeAll(async () => {
    database = await startTestDatabase();
    eventLog = createEventLogDataSource(database.url);
    await runMigrations(eventLog);
    bus = brokers
      ? new KafkaEventBus(brokers.split(','), `crash-e2e-${randomUUID()}`, logger, eventLog)
      : new PostgresEventBus(eventLog, logger);
  }, 60_000);

  afterAll(async () => {
    await bus?.close();
    await eventLog?.destroy();
    await database?.stop();
  });

  const publish = (event: EventEnvelope) => eventLog.transaction((manager) => bus.publish(TOPICS.session, [event], manager));

  it('delivers a webhook whose sender was killed mid-delivery, with the same event id, after a restart', async () => {
    const webhookSchema = createWebhookDataSource(database.url);
    await runMigrations(webhookSchema);
    // The receiver holds the first request open (the service dies while waiting), then answers 200.
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const held: ServerResponse[] = [];
    const server: Server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        if (received.length === 1) held.push(response);
        else response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
    const identities = generateServiceKeySet();
    const grpcUrl = `127.0.0.1:${await freePort()}`;
    const env = {
      DATABASE_URL: database.url,
      GRPC_URL: grpcUrl,
      KAFKA_BROKERS: brokers,
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_RETRY_SCHEDULE_MS: '200,200,200',
      ...identities.env('webhook'),
    };
    let service = new Service(['apps/webhook/dist/main.js'], env);
    const client = createGrpcClient('webhook', grpcUrl, { deadlineMs: 2_000, identity: identities.signer('gateway') });
    try {
      const projectId = randomUUID();
      const endpoint = await until(() =>
        client.setEndpoint({ projectId, environment: common.ProjectEnvironment.PROJECT_ENVIRONMENT_TEST, url }).catch(() => undefined),
      );
      const event = completedEvent(projectId, 'test');
      await publish(event);

      await until(() => (received.length >= 1 ? true : undefined));
      expect(await service.killHard()).toBe('SIGKILL');
      held.forEach((response) => response.destroy());

      service = new Service(['apps/webhook/dist/main.js'], env);
      await until(() => (received.length >= 2 ? true : undefined), 30_000);
      const status = await until(async () => {
        const rows: { status: string }[] = await webhookSchema.query(`SELECT status FROM webhook.deliveries WHERE event_id = $1`, [
          event.id,
        ]);
        return rows[0]?.status === 'delivered' ? rows[0].status : undefined;
      });
      expect(status).toBe('delivered');
      for (const delivery of received) {
        expect(JSON.parse(delivery.body).id).toBe(event.id);
        expect(() => verifyWebhook(delivery.body, delivery.headers, endpoint.secret)).not.toThrow();
      }
    } finally {
      client.close();
      await service.stop();
      await new Promise((resolve) => server.close(resolve));
      await webhookSchema.destroy();
    }
  }, 90_000);

  it('does not double a side effect when the consumer dies between it and its offset commit', async () => {
    const billing = createBillingDataSource(database.url);
    await runMigrations(billing);
    const projectId = randomUUID();
    const first = completedEvent(projectId, 'live');
    const env = { DATABASE_URL: database.url, KAFKA_BROKERS: brokers, CRASH_AFTER_EVENT: first.id };
    const charges = async (sessionId: string) =>
      ((await billing.query(`SELECT count(*)::int AS n FROM billing.charges WHERE session_id = $1`, [sessionId])) as { n: number }[])[0].n;
    let consumer = new Service(['-e', BILLING_CONSUMER_FIXTURE], env);
    try {
      await consumer.waitForLine(/^ready$/);
      await publish(first);
      // The fixture kills itself right after the charge committed, before the bus commits the offset.
      expect(await consumer.exited).toBe('SIGKILL');
      expect(consumer.lines).toContain(`handled ${first.id}`);
      expect(await charges(first.sessionId)).toBe(1);

      consumer = new Service(['-e', BILLING_CONSUMER_FIXTURE], { ...env, CRASH_AFTER_EVENT: '' });
      await consumer.waitForLine(/^ready$/);
      // Redelivered (the offset was never committed), and deduplicated by the inbox.
      await consumer.waitForLine(new RegExp(`^handled ${first.id}$`));
      const second = completedEvent(projectId, 'live');
      await publish(second);
      await consumer.waitForLine(new RegExp(`^handled ${second.id}$`));
      expect(await charges(first.sessionId)).toBe(1);
      expect(await charges(second.sessionId)).toBe(1);
    } finally {
      await consumer.stop();
      await billing.destroy();
    }
  }, 90_000);
});

/**
 * The billing service's own consumer, wrapped so that it SIGKILLs itself after handling the
 * named event: the handler's transaction (charge + processed event id) has committed, the bus
 * has not yet committed the offset. Plain JS run with `node -e` from the repository root.
 */
const BILLING_CONSUMER_FIXTURE = `
const { createEventBus } = require('@kyc/events');
const { createLogger } = require('@kyc/logger');
const { createBillingDataSource } = require('@kyc/billing/dist/infrastructure/data-source');
const { BillingRepository } = require('@kyc/billing/dist/infrastructure/billing.repository');
const { consumeCompletedVerifications } = require('@kyc/billing/dist/transport/completed-verifications.consumer');
(async () => {
  const dataSource = createBillingDataSource(process.env.DATABASE_URL);
  await dataSource.initialize();
  const logger = createLogger('billing-crash-fixture', 'warn');
  const bus = createEventBus({ kafkaBrokers: process.env.KAFKA_BROKERS, clientId: 'billing-crash-fixture', dataSource, logger });
  const crashing = {
    publish: (...args) => bus.publish(...args),
    close: () => bus.close(),
    subscribe: (group, topic, handler) => bus.subscribe(group, topic, async (event) => {
      await handler(event);
      console.log('handled ' + event.id);
      if (event.id === process.env.CRASH_AFTER_EVENT) process.kill(process.pid, 'SIGKILL');
    }),
  };
  const subscription = consumeCompletedVerifications(crashing, new BillingRepository(dataSource, 0));
  process.on('SIGTERM', async () => { await subscription.stop(); await bus.close(); await dataSource.destroy(); process.exit(0); });
  console.log('ready');
})().catch((error) => { console.error(error); process.exit(1); });
`;
