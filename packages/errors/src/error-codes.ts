/**
 * Every error code the platform answers with, defined once. The KYC_0xx codes are the spec's
 * (part 7.2); the others cover situations the spec names without a code (auth, validation,
 * idempotency, state conflicts) and are documented in docs/errors.md.
 */
export enum ErrorCode {
  SESSION_NOT_FOUND = 'KYC_001',
  SESSION_EXPIRED = 'KYC_003',
  IMAGE_INVALID = 'KYC_006',
  IMAGE_QUALITY_TOO_LOW = 'KYC_007',
  DOCUMENT_PROCESSING = 'KYC_008',
  LIVENESS_FAILED = 'KYC_008b',
  BACK_SIDE_REQUIRED = 'KYC_009',
  DOCUMENT_EXPIRED = 'KYC_013',
  DOCUMENT_UNSUPPORTED = 'KYC_014',
  CONFIDENCE_TOO_LOW = 'KYC_015',
  FACE_MISMATCH = 'KYC_020',
  FACE_NOT_DETECTED = 'KYC_021',
  SELFIE_QUALITY_TOO_LOW = 'KYC_022',
  BALANCE_EXHAUSTED = 'KYC_023',
  CREDIT_LIMIT = 'KYC_024',

  /** Submit while the previous submit is still being processed (spec part 3, rule 8). */
  SESSION_PROCESSING = 'KYC_SESSION_PROCESSING',
  /** A write to a session that no longer accepts it (completed, manual_review, rejected, ...). */
  SESSION_CLOSED = 'KYC_SESSION_CLOSED',
  /** An upload whose session was submitted and purged (it failed) while the upload was analysed. */
  SESSION_CHANGED = 'KYC_SESSION_CHANGED',
  /** A device-side upload before the end user's consent was recorded (spec 2.10, 4.9). */
  CONSENT_REQUIRED = 'KYC_CONSENT_REQUIRED',
  /** action_required accepts only the named side (spec part 3, rule 6). */
  SIDE_NOT_REQUESTED = 'KYC_SIDE_NOT_REQUESTED',
  /** A reviewer's decision on a session that is not in manual_review. */
  SESSION_NOT_IN_REVIEW = 'KYC_SESSION_NOT_IN_REVIEW',
  /** Submit before the required uploads are in (outside test mode). */
  UPLOADS_MISSING = 'KYC_UPLOADS_MISSING',
  /** Submit without the proof of address the project environment requires (spec 4.7). */
  POA_REQUIRED = 'KYC_POA_REQUIRED',
  /** A proof of address before the identity document: its holder's name has nothing to be matched against. */
  POA_NEEDS_DOCUMENT = 'KYC_POA_NEEDS_DOCUMENT',
  /** A file upload where the project environment takes camera captures only (allowManualUpload off). */
  MANUAL_UPLOAD_DISABLED = 'KYC_MANUAL_UPLOAD_DISABLED',
  /** A QR hand-off link opened a second time: each link opens the session on one phone only. */
  HANDOFF_LINK_USED = 'KYC_HANDOFF_USED',
  /** A QR hand-off link that is unknown or past its short lifetime. */
  HANDOFF_LINK_INVALID = 'KYC_HANDOFF_INVALID',
  /** The embedding page's data-email is not the e-mail the session was created for. */
  WIDGET_EMAIL_MISMATCH = 'KYC_WIDGET_EMAIL_MISMATCH',
  VALIDATION_FAILED = 'VALIDATION_FAILED',
  MALFORMED_JSON = 'MALFORMED_JSON',
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  PROJECT_NOT_APPROVED = 'PROJECT_NOT_APPROVED',
  FORBIDDEN = 'FORBIDDEN',
  NOT_FOUND = 'NOT_FOUND',
  IDEMPOTENCY_IN_FLIGHT = 'IDEMPOTENCY_IN_FLIGHT',
  IDEMPOTENCY_KEY_REUSED = 'IDEMPOTENCY_KEY_REUSED',
  RATE_LIMITED = 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  /** A path the API has, with a method it does not (RFC 9110: 405 with Allow). */
  METHOD_NOT_ALLOWED = 'METHOD_NOT_ALLOWED',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
  INTERNAL = 'INTERNAL',
}

/** gRPC status codes (numeric values from the gRPC spec), kept here to avoid a grpc-js import in domains. */
export enum GrpcCode {
  OK = 0,
  CANCELLED = 1,
  UNKNOWN = 2,
  INVALID_ARGUMENT = 3,
  DEADLINE_EXCEEDED = 4,
  NOT_FOUND = 5,
  ALREADY_EXISTS = 6,
  PERMISSION_DENIED = 7,
  RESOURCE_EXHAUSTED = 8,
  FAILED_PRECONDITION = 9,
  ABORTED = 10,
  OUT_OF_RANGE = 11,
  UNIMPLEMENTED = 12,
  INTERNAL = 13,
  UNAVAILABLE = 14,
  DATA_LOSS = 15,
  UNAUTHENTICATED = 16,
}

export interface ErrorDefinition {
  httpStatus: number;
  grpcCode: GrpcCode;
  /** Whether re-uploading and resubmitting on the same session can succeed (spec 7.1). */
  retryable: boolean;
  message: string;
}

export function assertUnreachable(value: never): never {
  throw new Error(`Unhandled value: ${String(value)}`);
}

/** The exhaustive catalogue: adding a code without a definition does not compile. */
export function defineError(code: ErrorCode): ErrorDefinition {
  switch (code) {
    case ErrorCode.SESSION_NOT_FOUND:
      return { httpStatus: 404, grpcCode: GrpcCode.NOT_FOUND, retryable: false, message: 'Session not found in the project' };
    case ErrorCode.SESSION_EXPIRED:
      return {
        httpStatus: 400,
        grpcCode: GrpcCode.FAILED_PRECONDITION,
        retryable: false,
        message: 'Session expired; create a new session',
      };
    case ErrorCode.IMAGE_INVALID:
      return {
        httpStatus: 400,
        grpcCode: GrpcCode.INVALID_ARGUMENT,
        retryable: true,
        message: 'Image failed validation: JPG or PNG, at most 10 MB',
      };
    case ErrorCode.IMAGE_QUALITY_TOO_LOW:
      return { httpStatus: 400, grpcCode: GrpcCode.FAILED_PRECONDITION, retryable: true, message: 'Image quality too low; please retake' };
    case ErrorCode.DOCUMENT_PROCESSING:
      return { httpStatus: 400, grpcCode: GrpcCode.FAILED_PRECONDITION, retryable: true, message: 'The document could not be processed' };
    case ErrorCode.LIVENESS_FAILED:
      return {
        httpStatus: 422,
        grpcCode: GrpcCode.FAILED_PRECONDITION,
        retryable: true,
        message: 'Liveness check failed; take a new selfie',
      };
    case ErrorCode.BACK_SIDE_REQUIRED:
      return {
        httpStatus: 400,
        grpcCode: GrpcCode.FAILED_PRECONDITION,
        retryable: true,
        message: 'Document type requires both sides; upload the back side',
      };
    case ErrorCode.DOCUMENT_EXPIRED:
      return {
        httpStatus: 400,
        grpcCode: GrpcCode.FAILED_PRECONDITION,
        retryable: true,
        message: 'Document expired; use a different document',
      };
    case ErrorCode.DOCUMENT_UNSUPPORTED:
      return { httpStatus: 400, grpcCode: GrpcCode.FAILED_PRECONDITION, retryable: true, message: 'The document could not be recognised' };
    case ErrorCode.CONFIDENCE_TOO_LOW:
      return {
        httpStatus: 400,
        grpcCode: GrpcCode.FAILED_PRECONDITION,
        retryable: true,
        message: 'Verification confidence too low; use clearer images',
      };
    case ErrorCode.FACE_MISMATCH:
      return {
        httpStatus: 400,
        grpcCode: GrpcCode.FAILED_PRECONDITION,
        retryable: true,
        message: 'Selfie does not match the document portrait',
      };
    case ErrorCode.FACE_NOT_DETECTED:
      return { httpStatus: 400, grpcCode: GrpcCode.FAILED_PRECONDITION, retryable: true, message: 'No face detected in the selfie' };
    case ErrorCode.SELFIE_QUALITY_TOO_LOW:
      return { httpStatus: 400, grpcCode: GrpcCode.FAILED_PRECONDITION, retryable: true, message: 'Selfie quality too low' };
    case ErrorCode.BALANCE_EXHAUSTED:
      return { httpStatus: 402, grpcCode: GrpcCode.RESOURCE_EXHAUSTED, retryable: false, message: 'Balance exhausted' };
    case ErrorCode.CREDIT_LIMIT:
      return { httpStatus: 402, grpcCode: GrpcCode.RESOURCE_EXHAUSTED, retryable: false, message: 'Credit limit reached' };
    case ErrorCode.SESSION_PROCESSING:
      return {
        httpStatus: 409,
        grpcCode: GrpcCode.ABORTED,
        retryable: true,
        message: 'The session is being processed; poll GET /v1/verifications/{id} for the result',
      };
    case ErrorCode.SESSION_CLOSED:
      return {
        httpStatus: 409,
        grpcCode: GrpcCode.FAILED_PRECONDITION,
        retryable: false,
        message: 'The session no longer accepts this call',
      };
    case ErrorCode.CONSENT_REQUIRED:
      return {
        httpStatus: 409,
        grpcCode: GrpcCode.FAILED_PRECONDITION,
        retryable: true,
        message: 'Record the consent (POST /v1/kyc/consent/{sessionId}) before the first device-side upload',
      };
    case ErrorCode.SESSION_CHANGED:
      return {
        httpStatus: 409,
        grpcCode: GrpcCode.ABORTED,
        retryable: true,
        message: 'The session changed while this upload was analysed; upload it again',
      };
    case ErrorCode.SESSION_NOT_IN_REVIEW:
      return {
        httpStatus: 409,
        grpcCode: GrpcCode.FAILED_PRECONDITION,
        retryable: false,
        message: 'Only a session in manual_review can be approved or rejected',
      };
    case ErrorCode.SIDE_NOT_REQUESTED:
      return {
        httpStatus: 409,
        grpcCode: GrpcCode.FAILED_PRECONDITION,
        retryable: true,
        message: 'Only the side named in nextAction may be uploaded now',
      };
    case ErrorCode.UPLOADS_MISSING:
      return {
        httpStatus: 400,
        grpcCode: GrpcCode.FAILED_PRECONDITION,
        retryable: true,
        message: 'Upload the document and the selfie before submitting',
      };
    case ErrorCode.POA_REQUIRED:
      return {
        httpStatus: 400,
        grpcCode: GrpcCode.FAILED_PRECONDITION,
        retryable: true,
        message: 'This project requires a proof of address: upload it (POST /v1/kyc/upload-proof-of-address) before submitting',
      };
    case ErrorCode.POA_NEEDS_DOCUMENT:
      return {
        httpStatus: 409,
        grpcCode: GrpcCode.FAILED_PRECONDITION,
        retryable: true,
        message: 'Upload the identity document before the proof of address: the names are matched',
      };
    case ErrorCode.MANUAL_UPLOAD_DISABLED:
      return {
        httpStatus: 403,
        grpcCode: GrpcCode.PERMISSION_DENIED,
        retryable: true,
        message: 'This project takes camera captures only: capture the image with the camera',
      };
    case ErrorCode.HANDOFF_LINK_USED:
      return {
        httpStatus: 410,
        grpcCode: GrpcCode.FAILED_PRECONDITION,
        retryable: false,
        message: 'This hand-off link was already opened; scan the new code shown on the other screen',
      };
    case ErrorCode.HANDOFF_LINK_INVALID:
      return {
        httpStatus: 410,
        grpcCode: GrpcCode.NOT_FOUND,
        retryable: false,
        message: 'This hand-off link is unknown or has expired; scan the new code shown on the other screen',
      };
    case ErrorCode.WIDGET_EMAIL_MISMATCH:
      return {
        httpStatus: 409,
        grpcCode: GrpcCode.FAILED_PRECONDITION,
        retryable: false,
        message: "The page's data-email is not the e-mail this session was created for",
      };
    case ErrorCode.VALIDATION_FAILED:
      return { httpStatus: 400, grpcCode: GrpcCode.INVALID_ARGUMENT, retryable: true, message: 'The request is invalid' };
    case ErrorCode.MALFORMED_JSON:
      return { httpStatus: 400, grpcCode: GrpcCode.INVALID_ARGUMENT, retryable: true, message: 'The request body is not valid JSON' };
    case ErrorCode.UNAUTHENTICATED:
      return { httpStatus: 401, grpcCode: GrpcCode.UNAUTHENTICATED, retryable: false, message: 'Missing or unknown API key' };
    case ErrorCode.PROJECT_NOT_APPROVED:
      return {
        httpStatus: 403,
        grpcCode: GrpcCode.PERMISSION_DENIED,
        retryable: false,
        message: 'Live keys work once the project is approved',
      };
    case ErrorCode.FORBIDDEN:
      return {
        httpStatus: 403,
        grpcCode: GrpcCode.PERMISSION_DENIED,
        retryable: false,
        message: 'This credential may not call this endpoint',
      };
    case ErrorCode.NOT_FOUND:
      return { httpStatus: 404, grpcCode: GrpcCode.NOT_FOUND, retryable: false, message: 'Not found' };
    case ErrorCode.IDEMPOTENCY_IN_FLIGHT:
      return {
        httpStatus: 409,
        grpcCode: GrpcCode.ABORTED,
        retryable: true,
        message: 'A request with this Idempotency-Key is still in flight',
      };
    case ErrorCode.IDEMPOTENCY_KEY_REUSED:
      return {
        httpStatus: 422,
        grpcCode: GrpcCode.INVALID_ARGUMENT,
        retryable: false,
        message: 'This Idempotency-Key was used with a different request body',
      };
    case ErrorCode.RATE_LIMITED:
      return { httpStatus: 429, grpcCode: GrpcCode.RESOURCE_EXHAUSTED, retryable: true, message: 'Rate limit exceeded' };
    case ErrorCode.PAYLOAD_TOO_LARGE:
      return { httpStatus: 413, grpcCode: GrpcCode.INVALID_ARGUMENT, retryable: false, message: 'The request body is too large' };
    case ErrorCode.METHOD_NOT_ALLOWED:
      return { httpStatus: 405, grpcCode: GrpcCode.UNIMPLEMENTED, retryable: false, message: 'This path does not take this method' };
    case ErrorCode.SERVICE_UNAVAILABLE:
      return { httpStatus: 503, grpcCode: GrpcCode.UNAVAILABLE, retryable: true, message: 'A service is temporarily unavailable' };
    case ErrorCode.INTERNAL:
      return { httpStatus: 500, grpcCode: GrpcCode.INTERNAL, retryable: true, message: 'Internal error' };
    default:
      return assertUnreachable(code);
  }
}

const KNOWN_CODES = new Set<string>(Object.values(ErrorCode));

export function isErrorCode(value: string): value is ErrorCode {
  return KNOWN_CODES.has(value);
}
