export { ErrorCode, GrpcCode, defineError, isErrorCode, assertUnreachable, type ErrorDefinition } from './error-codes';
export { KycError, type ErrorDetails } from './kyc-error';
