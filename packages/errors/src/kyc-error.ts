import { type ErrorCode, defineError } from './error-codes';

/** `{ reasonCode }` or, for liveness rejections, `REASON|<reason>|<sub_reason>` (spec 7.1). */
export type ErrorDetails = Record<string, unknown> | string;

/**
 * The one error type. Domains throw it with a code; transports map it (gRPC status with
 * ErrorInfo in services, the spec's envelope in the gateway). Nobody branches on the message.
 */
export class KycError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetails;

  constructor(code: ErrorCode, message?: string, details?: ErrorDetails) {
    super(message ?? defineError(code).message);
    this.name = 'KycError';
    this.code = code;
    this.details = details;
  }

  get definition() {
    return defineError(this.code);
  }
}
