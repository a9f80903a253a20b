import type { components } from './gen/openapi';

/** Every stable error code the API answers (generated from the document's ErrorEnvelope). */
export type ErrorCode = components['schemas']['ErrorEnvelope']['errorCode'];

/** What every SDK error carries. */
export class KycError extends Error {
  override name = 'KycError';
}

/**
 * The API answered with an error: the spec's envelope (`/v1/verifications/*`, `/v1/kyc/*`) or the
 * flat format (`/v1/sessions*`), read into one shape. Branch on `code`, never on `message`.
 */
export class KycApiError extends KycError {
  override name = 'KycApiError';
  /** HTTP status. */
  readonly status: number;
  /** The stable error code (`errorCode` of the body), e.g. `KYC_007` or `IDEMPOTENCY_IN_FLIGHT`. */
  readonly code: ErrorCode | (string & Record<never, never>); // known codes autocomplete; new ones still fit (additive API)
  /** `X-Request-Id` of the answer: quote it when you ask for support. */
  readonly requestId: string | undefined;
  /** The envelope's `retryable`: whether re-uploading and resubmitting on the same session can succeed. */
  readonly retryable: boolean | undefined;
  /** `details` of the envelope (`{ reasonCode }`, or the liveness string `REASON|…`). */
  readonly details: unknown;
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfterSeconds: number | undefined;
  /** The parsed body, as answered (e.g. `moderationStatus` on a 403). */
  readonly body: unknown;

  constructor(input: { status: number; body: unknown; requestId: string | undefined; retryAfterSeconds: number | undefined }) {
    const body = (input.body && typeof input.body === 'object' ? input.body : {}) as Record<string, unknown>;
    const code = typeof body.errorCode === 'string' ? body.errorCode : `HTTP_${input.status}`;
    const message = typeof body.message === 'string' ? body.message : `HTTP ${input.status}`;
    super(`${code}: ${message}${input.requestId ? ` (request ${input.requestId})` : ''}`);
    this.status = input.status;
    this.code = code;
    this.requestId = input.requestId;
    this.retryable = typeof body.retryable === 'boolean' ? body.retryable : undefined;
    this.details = body.details;
    this.retryAfterSeconds = input.retryAfterSeconds;
    this.body = input.body;
  }
}

/** No answer: the connection failed or was reset, or the attempt timed out. `attempts` were made. */
export class KycConnectionError extends KycError {
  override name = 'KycConnectionError';
  constructor(
    message: string,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** An attempt took longer than the client's `timeoutMs` (a KycConnectionError: no answer was read). */
export class KycTimeoutError extends KycConnectionError {
  override name = 'KycTimeoutError';
}
