import { randomUUID } from 'node:crypto';
import { KycApiError, KycConnectionError, KycTimeoutError } from './errors';
import {
  type AttemptFailure,
  type BackoffOptions,
  DEFAULT_BACKOFF,
  type RepeatSafety,
  parseRetryAfter,
  retryDelayMs,
  shouldRetry,
} from './retry-policy';

export interface TransportOptions {
  /** The gateway's address, e.g. `https://kyc.example.com` (no trailing path). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`: a secret key `sk_…` (server side only). */
  apiKey: string;
  /** Per attempt, in milliseconds. Default 30 s (an upload is analysed before it is answered). */
  timeoutMs?: number;
  /** Retries after the first attempt (see retry-policy.ts for which failures). Default 2. */
  maxRetries?: number;
  backoff?: Partial<BackoffOptions>;
  /** Pins the API version (`Service-Version`, spec part 9), e.g. `2026-06-01`. */
  apiVersion?: string;
  /** A fetch to use instead of the global one (Node ≥ 20). */
  fetch?: typeof fetch;
}

export interface RequestInput {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  json?: unknown;
  form?: FormData;
  /** Sent as `Idempotency-Key` on every attempt of this request. */
  idempotencyKey?: string;
  safety: RepeatSafety;
  signal?: AbortSignal;
}

/** A fetch that authenticates, times out, retries safely and turns error answers into KycApiError. */
export class HttpTransport {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly backoff: BackoffOptions;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: TransportOptions) {
    if (!options.baseUrl) throw new TypeError('baseUrl is required');
    if (!options.apiKey) throw new TypeError('apiKey is required');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async request<T>(input: RequestInput): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: 'application/json',
      'user-agent': 'kyc-sdk-node/0.1.0',
    };
    if (this.options.apiVersion) headers['service-version'] = this.options.apiVersion;
    if (input.idempotencyKey) headers['idempotency-key'] = input.idempotencyKey;
    let body: string | FormData | undefined;
    if (input.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.json);
    } else if (input.form) {
      body = input.form; // fetch writes the multipart boundary itself
    }

    for (let retries = 0; ; retries++) {
      const timeout = AbortSignal.timeout(this.timeoutMs);
      const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
      let failure: AttemptFailure;
      let error: Error;
      try {
        const response = await this.fetch(this.baseUrl + input.path, { method: input.method, headers, body, signal });
        const text = await response.text();
        const parsed = parseBody(text);
        if (response.ok) return parsed as T;
        const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
        error = new KycApiError({
          status: response.status,
          body: parsed,
          requestId: response.headers.get('x-request-id') ?? undefined,
          retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
        });
        failure = { kind: 'answer', status: response.status, errorCode: (error as KycApiError).code, retryAfterMs };
      } catch (thrown) {
        if (input.signal?.aborted) throw thrown; // the caller cancelled: no retry
        const timedOut = timeout.aborted;
        const attempts = retries + 1;
        error = timedOut
          ? new KycTimeoutError(`no answer from ${input.method} ${input.path} within ${this.timeoutMs} ms`, attempts, { cause: thrown })
          : new KycConnectionError(`${input.method} ${input.path} failed: ${describe(thrown)}`, attempts, { cause: thrown });
        failure = { kind: 'no-answer', connectionRefused: !timedOut && networkCode(thrown) === 'ECONNREFUSED' };
      }
      if (!shouldRetry(failure, input.safety, retries, this.maxRetries)) throw error;
      const retryAfterMs = failure.kind === 'answer' ? failure.retryAfterMs : undefined;
      if (retryAfterMs !== undefined && retryAfterMs > this.backoff.maxRetryAfterMs) throw error;
      await sleep(retryDelayMs(retries + 1, retryAfterMs, this.backoff), input.signal);
    }
  }
}

/** A fresh Idempotency-Key (a UUID), made once per logical request and reused by its retries. */
export function newIdempotencyKey(): string {
  return randomUUID();
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** undici reports network failures as `TypeError('fetch failed')` with the system error as `cause`. */
function networkCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function describe(error: unknown): string {
  const code = networkCode(error);
  const message = error instanceof Error ? error.message : String(error);
  return code ? `${message} (${code})` : message;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
