import { ServiceTokenSigner, createGrpcClient } from '@kyc/grpc';
import type { ServiceClients } from '../application/ports/service-clients';
import type { SessionConfig } from '../config';

/** The services the session service calls, each with a deadline on every call. */
export function createServiceClients(config: SessionConfig): ServiceClients & { close(): void } {
  const identity = new ServiceTokenSigner('session', config.SERVICE_PRIVATE_KEY);
  const analysis = { deadlineMs: config.ANALYSIS_DEADLINE_MS, identity };
  const clients = {
    document: createGrpcClient('document', config.DOCUMENT_GRPC_URL, analysis),
    biometrics: createGrpcClient('biometrics', config.BIOMETRICS_GRPC_URL, analysis),
    scoring: createGrpcClient('scoring', config.SCORING_GRPC_URL, analysis),
    billing: createGrpcClient('billing', config.BILLING_GRPC_URL, { deadlineMs: 5_000, identity }),
  };
  return { ...clients, close: () => Object.values(clients).forEach((client) => client.close()) };
}
