import { Metadata } from '@grpc/grpc-js';
import { ErrorInfo, Status } from '@kyc/contracts/rpc-status';
import { ErrorCode, GrpcCode, isErrorCode } from '../error-codes';
import { KycError, type ErrorDetails } from '../kyc-error';

/**
 * KycError ⇄ gRPC status. The code travels as google.rpc.ErrorInfo inside the standard
 * `grpc-status-details-bin` trailer (AIP-193), so clients never parse message text. The messages
 * are ts-proto's, generated from the vendored proto/google/rpc (`@kyc/contracts/rpc-status`).
 */
export const ERROR_DOMAIN = 'kyc.dev';
const STATUS_DETAILS_KEY = 'grpc-status-details-bin';
const ERROR_INFO_TYPE_URL = 'type.googleapis.com/google.rpc.ErrorInfo';

export interface GrpcErrorPayload {
  code: number;
  details: string;
  metadata: Metadata;
}

/** The google.rpc.Status of a KycError as it goes on the wire: the code's gRPC status and one ErrorInfo. */
export function encodeStatusDetails(error: KycError): Uint8Array {
  const metadata: Record<string, string> = {};
  if (error.details !== undefined) metadata.details = JSON.stringify(error.details);
  const errorInfo = ErrorInfo.encode({ reason: error.code, domain: ERROR_DOMAIN, metadata }).finish();
  return Status.encode({
    code: error.definition.grpcCode,
    message: error.message,
    details: [{ typeUrl: ERROR_INFO_TYPE_URL, value: errorInfo }],
  }).finish();
}

/**
 * The KycError in a google.rpc.Status, or undefined when it carries no ErrorInfo of ours (another
 * domain, an unknown code). An empty message stands for the code's default one. Throws on bytes
 * that are not a Status.
 */
export function decodeStatusDetails(bytes: Uint8Array): KycError | undefined {
  const status = Status.decode(bytes);
  const info = status.details.find((detail) => detail.typeUrl === ERROR_INFO_TYPE_URL);
  if (!info) return undefined;
  const { reason, domain, metadata } = ErrorInfo.decode(info.value);
  if (domain !== ERROR_DOMAIN || !isErrorCode(reason)) return undefined;
  const details = metadata.details ? (JSON.parse(metadata.details) as ErrorDetails) : undefined;
  return new KycError(reason, status.message || undefined, details);
}

export function toGrpcError(error: KycError): GrpcErrorPayload {
  const metadata = new Metadata();
  metadata.set(STATUS_DETAILS_KEY, Buffer.from(encodeStatusDetails(error)));
  return { code: error.definition.grpcCode, details: error.message, metadata };
}

/** What fromGrpcError reads of a failed call (a grpc-js ServiceError is one). */
export interface FailedCall {
  code?: number;
  metadata?: Pick<Metadata, 'get'>;
}

/** Reads a KycError back from a failed call; transport failures become SERVICE_UNAVAILABLE or INTERNAL. */
export function fromGrpcError(error: FailedCall): KycError {
  const raw = error.metadata?.get(STATUS_DETAILS_KEY)?.[0];
  if (raw instanceof Uint8Array) {
    try {
      const decoded = decodeStatusDetails(raw);
      if (decoded) return decoded;
    } catch {
      // A malformed trailer is treated like a status without one.
    }
  }
  switch (error.code) {
    case GrpcCode.UNAVAILABLE:
    case GrpcCode.DEADLINE_EXCEEDED:
    case GrpcCode.CANCELLED:
      return new KycError(ErrorCode.SERVICE_UNAVAILABLE);
    default:
      return new KycError(ErrorCode.INTERNAL);
  }
}
