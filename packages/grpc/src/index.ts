export {
  createGrpcClient,
  type GrpcClient,
  type ServiceClientTypes,
  type PromiseClient,
  type CallOptions,
  type GrpcClientOptions,
} from './grpc-client';
export { startGrpcService, type GrpcServerOptions, type RunningGrpcService } from './grpc-server';
export { checkGrpcHealth } from './health';
export { grpcTarget, grpcAddresses, LOAD_BALANCING_CHANNEL_OPTIONS } from './grpc-target';
export { GrpcExceptionFilter } from './grpc-exception.filter';
export { runGrpcService, type BackgroundWork, type ServiceConfig, type ServiceDefinition } from './service-main';
export { LOADER_OPTIONS, MAX_MESSAGE_BYTES } from './loader-options';
export { PeriodicTask } from './periodic-task';
export { requireWire, requireWireUuid } from './wire-values';
export { AdmissionGate, type AdmissionLimits } from './admission-gate';
export {
  ServiceTokenSigner,
  ServiceTokenVerifier,
  generateServiceKeyPair,
  formatServicePublicKeys,
  parseServicePublicKeys,
  type ServiceKeyPair,
} from './service-identity';
export { SERVICE_ALLOW_LIST, SERVICE_CALLERS, type ServiceCaller } from './service-allow-list';
export { generateServiceKeySet, type ServiceKeySet, type ServiceIdentityEnv } from './service-key-set';
export { PROPAGATION_MARGIN_MS, callDeadline, withUpstreamDeadline } from './deadline-context';
