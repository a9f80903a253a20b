export { ErrorCode, GrpcCode, defineError, isErrorCode, assertUnreachable, type ErrorDefinition } from './error-codes';
export { KycError, type ErrorDetails } from './kyc-error';
export { toGrpcError, fromGrpcError, ERROR_DOMAIN } from './grpc-status';
