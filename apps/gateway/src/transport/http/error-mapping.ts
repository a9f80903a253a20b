import { HttpException } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import { ZodError } from 'zod';

/** Fastify and plugin error codes that are the caller's mistake, with the code we answer. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ErrorCode.MALFORMED_JSON,
  FST_ERR_CTP_EMPTY_JSON_BODY: ErrorCode.MALFORMED_JSON,
  FST_ERR_CTP_BODY_TOO_LARGE: ErrorCode.PAYLOAD_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ErrorCode.VALIDATION_FAILED,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ErrorCode.VALIDATION_FAILED,
  FST_REQ_FILE_TOO_LARGE: ErrorCode.IMAGE_INVALID,
  FST_FILES_LIMIT: ErrorCode.IMAGE_INVALID,
  FST_PARTS_LIMIT: ErrorCode.VALIDATION_FAILED,
  FST_FIELDS_LIMIT: ErrorCode.VALIDATION_FAILED,
  FST_PROTO_VIOLATION: ErrorCode.MALFORMED_JSON,
  FST_INVALID_MULTIPART_CONTENT_TYPE: ErrorCode.IMAGE_INVALID,
  // A path parameter longer than any id we issue, or a URL that does not decode.
  FST_ERR_MAX_PARAM_LENGTH: ErrorCode.VALIDATION_FAILED,
  FST_ERR_BAD_URL: ErrorCode.VALIDATION_FAILED,
};

const HTTP_STATUS_CODES: Record<number, ErrorCode> = {
  400: ErrorCode.VALIDATION_FAILED,
  401: ErrorCode.UNAUTHENTICATED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.VALIDATION_FAILED,
  429: ErrorCode.RATE_LIMITED,
};

/**
 * Whatever was thrown, as a KycError: ours pass through, validation and framework errors become
 * the caller's mistake they are, and anything else is INTERNAL (`unexpected` tells the filter to log it).
 */
export function toKycError(error: unknown): { error: KycError; unexpected: boolean } {
  if (error instanceof KycError) return { error, unexpected: false };
  if (error instanceof ZodError) {
    const fields = error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', problem: issue.message }));
    const message = fields.map((f) => `${f.field}: ${f.problem}`).join('; ');
    return { error: new KycError(ErrorCode.VALIDATION_FAILED, message, { fields }), unexpected: false };
  }
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && FASTIFY_CODES[code]) {
    return { error: new KycError(FASTIFY_CODES[code], (error as Error).message), unexpected: false };
  }
  if (error instanceof HttpException) {
    const mapped = HTTP_STATUS_CODES[error.getStatus()];
    if (mapped) return { error: new KycError(mapped, error.message), unexpected: false };
  }
  const statusCode = (error as { statusCode?: unknown })?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 && HTTP_STATUS_CODES[statusCode]) {
    return { error: new KycError(HTTP_STATUS_CODES[statusCode], (error as Error).message), unexpected: false };
  }
  return { error: new KycError(ErrorCode.INTERNAL), unexpected: true };
}
