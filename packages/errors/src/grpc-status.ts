import { Metadata, type ServiceError, status as grpcStatus } from '@grpc/grpc-js';
import * as protobuf from 'protobufjs';
import { ErrorCode, isErrorCode } from './error-codes';
import { KycError, type ErrorDetails } from './kyc-error';

/**
 * KycError ⇄ gRPC status. The code travels as google.rpc.ErrorInfo inside the standard
 * `grpc-status-details-bin` trailer (AIP-193), so clients never parse message text.
 */
export const ERROR_DOMAIN = 'kyc.dev';
const STATUS_DETAILS_KEY = 'grpc-status-details-bin';
const ERROR_INFO_TYPE_URL = 'type.googleapis.com/google.rpc.ErrorInfo';

const root = protobuf.Root.fromJSON({
  nested: {
    google: {
      nested: {
        rpc: {
          nested: {
            Status: { fields: { code: { type: 'int32', id: 1 }, message: { type: 'string', id: 2 }, details: { rule: 'repeated', type: 'Any', id: 3 } } },
            Any: { fields: { type_url: { type: 'string', id: 1 }, value: { type: 'bytes', id: 2 } } },
            ErrorInfo: { fields: { reason: { type: 'string', id: 1 }, domain: { type: 'string', id: 2 }, metadata: { keyType: 'string', type: 'string', id: 3 } as protobuf.IMapField } },
          },
        },
      },
    },
  },
});
const StatusType = root.lookupType('google.rpc.Status');
const ErrorInfoType = root.lookupType('google.rpc.ErrorInfo');

export interface GrpcErrorPayload {
  code: number;
  details: string;
  metadata: Metadata;
}

export function toGrpcError(error: KycError): GrpcErrorPayload {
  const metadataMap: Record<string, string> = {};
  if (error.details !== undefined) metadataMap.details = JSON.stringify(error.details);
  const errorInfo = ErrorInfoType.encode(ErrorInfoType.create({ reason: error.code, domain: ERROR_DOMAIN, metadata: metadataMap })).finish();
  const code = error.definition.grpcCode as number;
  const statusBytes = StatusType.encode(
    StatusType.create({ code, message: error.message, details: [{ type_url: ERROR_INFO_TYPE_URL, value: errorInfo }] }),
  ).finish();
  const metadata = new Metadata();
  metadata.set(STATUS_DETAILS_KEY, Buffer.from(statusBytes));
  return { code, details: error.message, metadata };
}

/** Reads a KycError back from a failed call; transport failures become SERVICE_UNAVAILABLE or INTERNAL. */
export function fromGrpcError(error: Partial<ServiceError>): KycError {
  const raw = error.metadata?.get(STATUS_DETAILS_KEY)?.[0];
  if (raw && Buffer.isBuffer(raw)) {
    try {
      const decoded = StatusType.toObject(StatusType.decode(raw), { bytes: Buffer }) as { message?: string; details?: { type_url: string; value: Buffer }[] };
      const info = decoded.details?.find((d) => d.type_url === ERROR_INFO_TYPE_URL);
      if (info) {
        const parsed = ErrorInfoType.toObject(ErrorInfoType.decode(info.value)) as { reason?: string; domain?: string; metadata?: Record<string, string> };
        if (parsed.domain === ERROR_DOMAIN && parsed.reason && isErrorCode(parsed.reason)) {
          const details = parsed.metadata?.details ? (JSON.parse(parsed.metadata.details) as ErrorDetails) : undefined;
          return new KycError(parsed.reason, decoded.message, details);
        }
      }
    } catch {
      // A malformed trailer is treated like a status without one.
    }
  }
  switch (error.code) {
    case grpcStatus.UNAVAILABLE:
    case grpcStatus.DEADLINE_EXCEEDED:
    case grpcStatus.CANCELLED:
      return new KycError(ErrorCode.SERVICE_UNAVAILABLE);
    default:
      return new KycError(ErrorCode.INTERNAL);
  }
}
