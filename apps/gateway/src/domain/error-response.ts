import { type ErrorCode, type ErrorDetails, defineError } from '@kyc/errors';

/** The spec's envelope for /v1/verifications/* and /v1/kyc/* (spec 7.1). */
export interface ErrorEnvelope {
  statusCode: number;
  timestamp: string;
  path: string;
  errorCode: ErrorCode;
  retryable: boolean;
  message: string;
  details?: ErrorDetails;
}

/**
 * Our flat format for /v1/sessions* and /admin/v1/* (the spec leaves it open; docs/errors.md):
 * the same facts at the top level, with `error` the HTTP reason phrase and any extra fields the
 * situation carries (e.g. `moderationStatus` on a 403).
 */
export interface FlatError {
  statusCode: number;
  error: string;
  errorCode: ErrorCode;
  message: string;
  timestamp: string;
  [extra: string]: unknown;
}

const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function usesEnvelope(path: string): boolean {
  return path.startsWith('/v1/verifications') || path.startsWith('/v1/kyc');
}

export function buildErrorResponse(input: {
  code: ErrorCode;
  message: string;
  details?: ErrorDetails;
  path: string;
  now: Date;
}): ErrorEnvelope | FlatError {
  const definition = defineError(input.code);
  if (usesEnvelope(input.path)) {
    const envelope: ErrorEnvelope = {
      statusCode: definition.httpStatus,
      timestamp: input.now.toISOString(),
      path: input.path,
      errorCode: input.code,
      retryable: definition.retryable,
      message: input.message,
    };
    if (input.details !== undefined) envelope.details = input.details;
    return envelope;
  }
  const extras =
    input.details && typeof input.details === 'object' ? input.details : input.details !== undefined ? { details: input.details } : {};
  return {
    ...extras,
    statusCode: definition.httpStatus,
    error: REASON_PHRASES[definition.httpStatus] ?? 'Error',
    errorCode: input.code,
    message: input.message,
    timestamp: input.now.toISOString(),
  };
}
