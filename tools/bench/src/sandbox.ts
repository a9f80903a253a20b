import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { type RunningStack, startStack } from '@kyc/stack';

/**
 * The sandbox the pipeline bench and eval drive: a whole stack started for the run (the real
 * models, an embedded PostgreSQL in a temporary folder), or one already running named by
 * KYC_API_URL + KYC_SANDBOX_KEY (and KYC_ADMIN_TOKEN for the admin calls).
 */
export interface Sandbox {
  baseUrl: string;
  /** The default project's sandbox secret key. */
  sandboxKey: string;
  /** Null when an outside stack was named without KYC_ADMIN_TOKEN. */
  adminToken: string | null;
  /** The stack's PostgreSQL, for the ledger checks; null for an outside stack. */
  databaseUrl: string | null;
  /** Process ids of the services, for memory figures; empty for an outside stack. */
  pids(): Partial<Record<string, number>>;
  stop(): Promise<void>;
}

/** `replicas`: processes per gRPC service of a stack started for the run (`--replicas` of the benches). */
export async function openSandbox(label: string, log: (line: string) => void = console.log, replicas = 1): Promise<Sandbox> {
  const baseUrl = process.env.KYC_API_URL;
  const key = process.env.KYC_SANDBOX_KEY;
  if (baseUrl && key) {
    return {
      baseUrl,
      sandboxKey: key,
      adminToken: process.env.KYC_ADMIN_TOKEN ?? null,
      databaseUrl: null,
      pids: () => ({}),
      stop: async () => {},
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `kyc-${label}-`));
  log(`[${label}] starting a stack for the run …`);
  let stack: RunningStack;
  try {
    stack = await startStack({
      dataDir,
      replicas,
      readyTimeoutMs: Number(process.env.KYC_READY_TIMEOUT_S ?? 180) * 1000,
      env: { LOG_LEVEL: 'warn', KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '' },
      log: (line) => line.startsWith('[stack]') && log(line),
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: stack.baseUrl,
    sandboxKey: stack.credentials.environments.sandbox.secretKey,
    adminToken: stack.credentials.adminToken,
    databaseUrl: stack.databaseUrl,
    pids: () => stack.pids(),
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An answer of the API: status, parsed JSON body (null when there is none) and the wall time of the call. */
export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  ms: number;
}

/** One image as the multipart form the upload endpoints take (`images`, plus fields such as imageType). */
export function imageForm(image: Buffer, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append('images', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'image.jpg');
  return data;
}

/** The Direct API calls of a sandbox verification, and the admin calls the eval needs, over HTTP. */
export class SandboxClient {
  constructor(
    readonly baseUrl: string,
    private readonly key: string,
  ) {}

  /** The same client with another project's secret key. */
  withKey(key: string): SandboxClient {
    return new SandboxClient(this.baseUrl, key);
  }

  async call<T = Record<string, unknown>>(method: string, route: string, options: { json?: unknown; form?: FormData; key?: string } = {}) {
    const headers: Record<string, string> = { authorization: `Bearer ${options.key ?? this.key}` };
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form;
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${route}`, { method, headers, body });
    const text = await response.text();
    const ms = performance.now() - started;
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, ms } satisfies ApiAnswer<T>;
  }

  createSession(clientMetadata: Record<string, string> = {}) {
    return this.call<{ id: string }>('POST', '/v1/sessions', { json: { clientMetadata } });
  }

  uploadDocument(sessionId: string, image: Buffer, imageType: string, isRetake = false) {
    const fields: Record<string, string> = { imageType, ...(isRetake ? { isRetake: 'true' } : {}) };
    return this.call('POST', `/v1/verifications/${sessionId}/documents`, { form: imageForm(image, fields) });
  }

  uploadFace(sessionId: string, image: Buffer) {
    return this.call('POST', `/v1/verifications/${sessionId}/face`, { form: imageForm(image) });
  }

  submit(sessionId: string) {
    return this.call('POST', `/v1/verifications/${sessionId}/submit`);
  }

  verification(sessionId: string) {
    return this.call('GET', `/v1/verifications/${sessionId}`);
  }
}

/** Throws unless the answer has one of the expected statuses. */
export function expectStatus<T>(answer: ApiAnswer<T>, statuses: number[], what: string): ApiAnswer<T> {
  if (!statuses.includes(answer.status)) throw new Error(`${what}: unexpected ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer;
}

/** Peak resident memory of a process so far, from /proc (Linux). */
export function peakRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}
