/**
 * `@kyc/errors/grpc`: KycError over gRPC (google.rpc.Status with an ErrorInfo in the
 * `grpc-status-details-bin` trailer). A separate entry point because it loads @grpc/grpc-js:
 * domain code imports `@kyc/errors`, which loads neither gRPC nor NestJS nor protobufjs.
 */
export {
  toGrpcError,
  fromGrpcError,
  encodeStatusDetails,
  decodeStatusDetails,
  ERROR_DOMAIN,
  type GrpcErrorPayload,
  type FailedCall,
} from './grpc-status';
