import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { SERVICE_PROTOS, type ServiceName, common } from '@kyc/contracts';
import { LOADER_OPTIONS, checkGrpcHealth, createGrpcClient, generateServiceKeySet } from '@kyc/grpc';
import { freePort, withServiceDatabase } from '@kyc/testing';
import { LEASE_LAPSED } from '../application/lapsed-attempt-sweeper';
import type { SessionScope } from '../domain/session';
import { createSessionDataSource } from '../infrastructure/data-source';
import { SessionRepository } from '../infrastructure/session.repository';
import { TenancyRepository } from '../infrastructure/tenancy.repository';
import { PASSPORT_EVIDENCE, readySession as readyFixture } from './session-fixtures';

/**
 * The session service as a real process (built dist/main.js) on a real PostgreSQL, its analysis
 * services played by local gRPC servers: a SIGKILL mid-submit, and a SIGTERM during a submit.
 */
const MAIN = path.resolve(__dirname, '../../dist/main.js');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    await sleep(100);
  }
  throw new Error('condition not met in time');
}

type Handler = (request: Record<string, unknown>) => Promise<unknown>;

/** A real gRPC server for one of our services' contracts, answering with the given handlers. */
async function fakeService(
  service: ServiceName,
  handlers: Record<string, Handler>,
): Promise<{ address: string; calls: string[]; stop(): void }> {
  const { file, packageName, serviceName } = SERVICE_PROTOS[service];
  const definition = grpc.loadPackageDefinition(protoLoader.loadSync(file, LOADER_OPTIONS));
  const ctor = `${packageName}.${serviceName}`
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], definition) as grpc.ServiceClientConstructor;
  const calls: string[] = [];
  const implementation: grpc.UntypedServiceImplementation = {};
  for (const [name, attrs] of Object.entries(ctor.service)) {
    const method = attrs.originalName ?? name;
    implementation[method] = (call: grpc.ServerUnaryCall<Record<string, unknown>, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      calls.push(method);
      const handler = handlers[method];
      if (!handler) return callback({ code: grpc.status.UNIMPLEMENTED, details: `${method} not faked` });
      handler(call.request).then(
        (response) => callback(null, response),
        (error: Error) => callback({ code: grpc.status.UNAVAILABLE, details: error.message }),
      );
    };
  }
  const server = new grpc.Server();
  server.addService(ctor.service, implementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
  );
  return { address: `127.0.0.1:${port}`, calls, stop: () => server.forceShutdown() };
}

class SessionProcess {
  readonly output: string[] = [];
  readonly exited: Promise<number | NodeJS.Signals | null>;
  private readonly child: ChildProcess;

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, [MAIN], { env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve(signal ?? code)));
  }

  signal(name: NodeJS.Signals): Promise<number | NodeJS.Signals | null> {
    this.child.kill(name);
    return this.exited;
  }
}

const EVIDENCE = PASSPORT_EVIDENCE;

describe('the session service process under SIGKILL and SIGTERM', () => {
  const database = withServiceDatabase(createSessionDataSource);
  let sessions: SessionRepository;
  let scope: SessionScope;
  /** How long getDocumentEvidence takes; Infinity: it never answers. */
  let evidenceDelayMs = Number.POSITIVE_INFINITY;
  const fakes: { address: string; calls: string[]; stop(): void }[] = [];
  let addresses: Record<'document' | 'biometrics' | 'scoring' | 'billing', string>;
  const running: SessionProcess[] = [];

  beforeAll(async () => {
    sessions = new SessionRepository(database.dataSource);
    scope = {
      projectId: (await new TenancyRepository(database.dataSource).createProject('Process', 'Tests')).project.id,
      environment: 'sandbox',
    };
    const documentFake = await fakeService('document', {
      getDocumentEvidence: () =>
        Number.isFinite(evidenceDelayMs) ? sleep(evidenceDelayMs).then(() => EVIDENCE) : new Promise(() => undefined),
      purgeSession: async () => ({}),
    });
    const biometricsFake = await fakeService('biometrics', {
      matchFace: async () => ({
        status: common.FaceMatchStatus.FACE_MATCH_STATUS_MATCHED,
        score: 0.9,
        performed: true,
        detail: '',
        livenessConfidence: 0.95,
        duplicate: { suspected: false },
      }),
      purgeSession: async () => ({}),
      dropSelfieImage: async () => ({ dropped: false }),
    });
    const scoringFake = await fakeService('scoring', {
      decide: async () => ({
        outcome: common.VerificationOutcome.VERIFICATION_OUTCOME_COMPLETED,
        confidence: 0.93,
        issueCodes: [],
        nextAction: '',
        failureReason: '',
        rejectionReason: '',
        reviewedBy: '',
        explanation: [],
      }),
    });
    const billingFake = await fakeService('billing', {});
    fakes.push(documentFake, biometricsFake, scoringFake, billingFake);
    addresses = {
      document: documentFake.address,
      biometrics: biometricsFake.address,
      scoring: scoringFake.address,
      billing: billingFake.address,
    };
  });

  afterAll(async () => {
    for (const child of running) await child.signal('SIGKILL');
    for (const fake of fakes) fake.stop();
  });

  const identities = generateServiceKeySet();

  async function startSession(extraEnv: Record<string, string> = {}): Promise<{ process: SessionProcess; address: string }> {
    const address = `127.0.0.1:${await freePort()}`;
    const child = new SessionProcess({
      DATABASE_URL: database.url,
      GRPC_URL: address,
      EMBED_TOKEN_SECRET: 'x'.repeat(40),
      ...identities.env('session'),
      DUPLICATE_KEY_SECRET: 'd'.repeat(40),
      DOCUMENT_GRPC_URL: addresses.document,
      BIOMETRICS_GRPC_URL: addresses.biometrics,
      SCORING_GRPC_URL: addresses.scoring,
      BILLING_GRPC_URL: addresses.billing,
      SESSION_SWEEP_INTERVAL_MS: '200',
      ...extraEnv,
    });
    running.push(child);
    await until(async () => (await checkGrpcHealth(address)) || undefined, 30_000).catch((error: Error) => {
      throw new Error(`${error.message}; session output:\n${child.output.join('')}`);
    });
    return { process: child, address };
  }

  async function readySession(): Promise<string> {
    return (await readyFixture(sessions, scope)).id;
  }

  const submitOver = (address: string, sessionId: string) => {
    const client = createGrpcClient('session', address, { deadlineMs: 30_000, identity: identities.signer('gateway') });
    return client
      .submit({ principal: { projectId: scope.projectId, environment: common.ProjectEnvironment.PROJECT_ENVIRONMENT_SANDBOX }, sessionId })
      .finally(() => client.close());
  };

  it('SIGKILL mid-submit: the session does not stay processing; the next process gives it back after the lease', async () => {
    evidenceDelayMs = Number.POSITIVE_INFINITY;
    const first = await startSession({ PROCESSING_LEASE_MS: '3000' });
    const sessionId = await readySession();
    const calledBefore = fakes[0].calls.filter((c) => c === 'getDocumentEvidence').length;
    const submit = submitOver(first.address, sessionId).catch((error: unknown) => error);
    await until(async () => fakes[0].calls.filter((c) => c === 'getDocumentEvidence').length > calledBefore || undefined);
    expect((await sessions.find(scope, sessionId)).status).toBe('processing');
    expect(await first.process.signal('SIGKILL')).toBe('SIGKILL');
    await submit;
    // Nothing of the dead process is left to finish the submit: without the lease the session would stay processing for ever.
    expect((await sessions.find(scope, sessionId)).status).toBe('processing');

    await startSession({ PROCESSING_LEASE_MS: '3000' });
    await until(async () => (await sessions.find(scope, sessionId)).status === 'connected' || undefined, 15_000);
    const attempts: { status: string; failure_reason: string }[] = await database.dataSource.query(
      `SELECT status, failure_reason FROM session.attempts WHERE session_id = $1`,
      [sessionId],
    );
    expect(attempts).toEqual([{ status: 'abandoned', failure_reason: LEASE_LAPSED }]);
  }, 90_000);

  it('SIGTERM during a submit: the submit finishes and is answered, then the process exits 0', async () => {
    evidenceDelayMs = 1_500;
    const service = await startSession({ SHUTDOWN_DRAIN_MS: '10000' });
    const sessionId = await readySession();
    const calledBefore = fakes[0].calls.filter((c) => c === 'getDocumentEvidence').length;
    const submit = submitOver(service.address, sessionId);
    await until(async () => fakes[0].calls.filter((c) => c === 'getDocumentEvidence').length > calledBefore || undefined);
    const exit = service.process.signal('SIGTERM');
    await expect(submit).resolves.toMatchObject({ status: common.SessionStatus.SESSION_STATUS_COMPLETED });
    expect(await exit).toBe(0);
    expect((await sessions.find(scope, sessionId)).status).toBe('completed');
    const events: { type: string }[] = await database.dataSource.query(`SELECT type FROM session.outbox WHERE session_id = $1`, [
      sessionId,
    ]);
    expect(events.map((e) => e.type)).toEqual(['verification.completed']);
  }, 90_000);
});
