import { chmodSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { checkGrpcHealth, generateServiceKeySet } from '@kyc/grpc';
import {
  bootstrapDefaultProject,
  bootstrapOperators,
  credentialsPath,
  type DevCredentials,
  readCredentials,
  writeCredentials,
} from './credentials';
import { freePort } from './ports';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './postgres/embedded-postgres';
import { provisionServiceRoles, sealAuditLog } from './postgres/service-roles';
import { ServiceProcess, runToCompletion } from './processes/service-process';
import { TRACING_PRELOAD, tracedEnv } from './processes/tracing';
import { loadOrCreateSecrets } from './secrets';

/** The gRPC services, started before the gateway. */
export const GRPC_SERVICES = ['session', 'document', 'biometrics', 'scoring', 'billing', 'webhook'] as const;
export const ALL_APPS = ['gateway', ...GRPC_SERVICES] as const;
type GrpcService = (typeof GRPC_SERVICES)[number];

const REPO_ROOT = path.resolve(__dirname, '../../..');
/** How long a process may take to answer its health check; a loaded host needs more (KYC_READY_TIMEOUT_S). */
export const DEFAULT_READY_TIMEOUT_MS = 60_000;

export interface StackOptions {
  dataDir: string;
  /** Gateway port; 0 or undefined picks a free one. */
  port?: number;
  host?: string;
  /** Overrides passed to every process (e.g. AUTH_CACHE_TTL_MS in tests). */
  env?: NodeJS.ProcessEnv;
  databaseUrl?: string;
  /** Receives every output line of the stack and its processes. */
  log?: (line: string) => void;
  /** Called when a process dies on its own (the stack is then stopped). */
  onUnexpectedExit?: (name: string, code: number | null) => void;
  /**
   * Processes per gRPC service (default 1). Each replica listens on its own port and every caller
   * gets the list (`SESSION_GRPC_URL=127.0.0.1:a,127.0.0.1:b`), balanced round robin by the gRPC
   * client, as the chart's callers balance over the pods of a headless Service. One gateway.
   */
  replicas?: number;
  /** How long each process may take to become ready (default 60 s). */
  readyTimeoutMs?: number;
}

export interface RunningStack {
  baseUrl: string;
  dataDir: string;
  credentials: DevCredentials;
  credentialsFile: string;
  /** The PostgreSQL every service uses (benches and tests read the ledgers from it). */
  databaseUrl: string;
  /** Processes per gRPC service. */
  replicas: number;
  /** Process id of each running service, by app name (the first replica's; `document#2` is the second). */
  pids(): Record<string, number | undefined>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `work`, but no longer than `ms`; the timer is cleared so it never keeps the process alive. */
async function atMost(ms: number, work: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([
      work.then(
        () => undefined,
        () => undefined,
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function waitFor(what: string, probe: () => Promise<boolean>, exited: Promise<unknown>, timeoutMs: number): Promise<void> {
  let dead = false;
  void exited.then(() => (dead = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (dead) throw new Error(`${what} exited before it was ready`);
    if (await probe().catch(() => false)) return;
    await sleep(150);
  }
  throw new Error(`${what} was not ready within ${timeoutMs / 1000} s (KYC_READY_TIMEOUT_S raises the limit)`);
}

/**
 * Brings up the whole platform as `npm start` does: PostgreSQL (embedded unless a URL is given),
 * every service's migrations, the six gRPC services, then the gateway; on first start the default
 * project and dev-credentials.json. `stop()` takes it all down, gateway first, PostgreSQL last.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const log = options.log ?? (() => undefined);
  const say = (message: string) => log(`[stack] ${message}`);
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  // Under root the embedded PostgreSQL runs as its own user, which must be able to traverse here.
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o711);
  const secrets = loadOrCreateSecrets(dataDir);
  // Service identity: a key pair per caller, made for this start and never written down.
  const identities = generateServiceKeySet();
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort());
  const baseUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const replicas = options.replicas ?? 1;
  if (!Number.isInteger(replicas) || replicas < 1) throw new Error(`replicas must be a whole number ≥ 1, not ${replicas}`);
  const readyTimeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;

  const processes: ServiceProcess[] = [];
  let database: EmbeddedDatabase | undefined;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    say('stopping');
    const gateway = processes.find((p) => p.options.name === 'gateway');
    if (gateway) await gateway.stop();
    await Promise.all(processes.map((p) => p.stop()));
    if (database) await atMost(4_000, database.stop());
    say('stopped');
  };

  try {
    let databaseUrl = options.databaseUrl ?? options.env?.DATABASE_URL;
    if (!databaseUrl) {
      const started = Date.now();
      database = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port: await freePort(), onLog: () => undefined });
      databaseUrl = database.url;
      say(`postgres ready (embedded, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }

    // One port per replica; the callers get the list (the gRPC client balances round robin over it).
    const replicaUrls = Object.fromEntries(
      await Promise.all(
        GRPC_SERVICES.map(
          async (s) => [s, await Promise.all(Array.from({ length: replicas }, async () => `127.0.0.1:${await freePort()}`))] as const,
        ),
      ),
    ) as Record<GrpcService, string[]>;
    const grpcUrls = Object.fromEntries(GRPC_SERVICES.map((s) => [s, replicaUrls[s].join(',')])) as Record<GrpcService, string>;
    const common: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: options.env?.LOG_LEVEL ?? process.env.LOG_LEVEL ?? 'info',
      ...Object.fromEntries(GRPC_SERVICES.map((s) => [`${s.toUpperCase()}_GRPC_URL`, grpcUrls[s]])),
    };
    const script = (app: string, entry: 'main' | 'migrate') => path.join(REPO_ROOT, 'apps', app, 'dist', `${entry}.js`);

    await runToCompletion({
      name: 'event log migrations',
      script: path.join(REPO_ROOT, 'packages', 'events', 'dist', 'migrate.js'),
      cwd: REPO_ROOT,
      env: common,
    });
    // One database role per schema on the embedded PostgreSQL (service-roles.ts); a DATABASE_URL given is used as it is.
    const superuserUrl = databaseUrl;
    const roleUrls: Record<string, string> = database ? await provisionServiceRoles(superuserUrl, ALL_APPS) : {};
    const databaseUrlOf = (app: string) => roleUrls[app] ?? superuserUrl;
    await Promise.all(
      ALL_APPS.map((app) =>
        runToCompletion({
          name: `${app} migrations`,
          script: script(app, 'migrate'),
          cwd: REPO_ROOT,
          env: { ...common, DATABASE_URL: databaseUrlOf(app) },
        }),
      ),
    );
    // The admin audit log goes to kyc_audit_owner: the session role keeps INSERT and SELECT only.
    if (database) await sealAuditLog(superuserUrl);
    say('migrations applied');

    const appEnv = (app: (typeof ALL_APPS)[number]): NodeJS.ProcessEnv => {
      switch (app) {
        case 'gateway':
          return {
            ...common,
            PORT: String(port),
            HOST: host,
            ADMIN_TOKEN: secrets.adminToken,
            EMBED_TOKEN_SECRET: secrets.embedTokenSecret,
          };
        case 'session':
          return {
            ...common,
            GRPC_URL: grpcUrls.session,
            EMBED_TOKEN_SECRET: secrets.embedTokenSecret,
            DUPLICATE_KEY_SECRET: secrets.duplicateKeySecret,
            PUBLIC_BASE_URL: common.PUBLIC_BASE_URL ?? baseUrl,
          };
        case 'document':
          // Two glibc malloc arenas: the portrait search's worker thread otherwise got arenas of its own, which
          // held ~50–70 MB more at peak (4 concurrent analyses: 546 MB, 475 MB with two arenas).
          return {
            MALLOC_ARENA_MAX: '2',
            ...common,
            GRPC_URL: grpcUrls.document,
            DOCUMENT_ENCRYPTION_KEY: common.DOCUMENT_ENCRYPTION_KEY ?? secrets.documentEncryptionKey,
          };
        case 'biometrics':
          return {
            ...common,
            GRPC_URL: grpcUrls.biometrics,
            DUPLICATE_KEY_SECRET: secrets.duplicateKeySecret,
            BIOMETRICS_ENCRYPTION_KEY: common.BIOMETRICS_ENCRYPTION_KEY ?? secrets.biometricsEncryptionKey,
          };
        default:
          return { ...common, GRPC_URL: grpcUrls[app] };
      }
    };
    const envFor = (app: (typeof ALL_APPS)[number]): NodeJS.ProcessEnv => ({
      ...appEnv(app),
      ...identities.env(app),
      DATABASE_URL: databaseUrlOf(app),
    });
    const launch = (app: (typeof ALL_APPS)[number], replica = 0) => {
      const name = replica === 0 ? app : `${app}#${replica + 1}`;
      const env = envFor(app);
      if (app !== 'gateway') env.GRPC_URL = replicaUrls[app][replica];
      const child = new ServiceProcess({
        name,
        script: script(app, 'main'),
        cwd: REPO_ROOT,
        env: tracedEnv(app, env),
        preload: [TRACING_PRELOAD],
        log,
      });
      processes.push(child);
      void child.exited.then((code) => {
        if (stopped || child.isStopping) return;
        say(`${name} exited unexpectedly (code ${code}); stopping the stack`);
        options.onUnexpectedExit?.(name, code);
        void stop();
      });
      return child;
    };

    await Promise.all(
      GRPC_SERVICES.flatMap((service) =>
        replicaUrls[service].map(async (address, replica) => {
          const child = launch(service, replica);
          await waitFor(child.options.name, () => checkGrpcHealth(address, 500), child.exited, readyTimeoutMs);
          say(`${child.options.name} ready on ${address}`);
        }),
      ),
    );
    let credentials = readCredentials(dataDir);
    if (!credentials) {
      credentials = await bootstrapDefaultProject(grpcUrls.session, secrets.adminToken, baseUrl, identities.signer('launcher'));
      writeCredentials(dataDir, credentials);
      say(`created the default project; credentials written to ${credentialsPath(dataDir)}`);
    } else if (credentials.baseUrl !== baseUrl) {
      credentials = { ...credentials, baseUrl };
      writeCredentials(dataDir, credentials);
    }
    if (!credentials.operators) {
      credentials = { ...credentials, operators: await bootstrapOperators(grpcUrls.session, say, identities.signer('launcher')) };
      writeCredentials(dataDir, credentials);
      for (const operator of credentials.operators ?? [])
        say(`operator ${operator.role}: ${operator.email} / ${operator.password} (also in ${credentialsPath(dataDir)})`);
    }

    const gateway = launch('gateway');
    await waitFor('gateway', async () => (await fetch(`${baseUrl}/healthz`)).status === 200, gateway.exited, readyTimeoutMs);
    say(`gateway ready on ${baseUrl}`);
    const pids = () => Object.fromEntries(processes.map((child) => [child.options.name, child.pid]));
    return { baseUrl, dataDir, credentials, credentialsFile: credentialsPath(dataDir), databaseUrl, replicas, pids, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
