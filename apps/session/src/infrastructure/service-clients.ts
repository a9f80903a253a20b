import type { biometrics, billing, document, scoring } from '@kyc/contracts';
import { createGrpcClient, type PromiseClient } from '@kyc/grpc';
import type { SessionConfig } from '../config';

/** The services the session service calls, each with a deadline on every call. */
export interface ServiceClients {
  document: PromiseClient<document.DocumentServiceClient>;
  biometrics: PromiseClient<biometrics.BiometricsServiceClient>;
  scoring: PromiseClient<scoring.ScoringServiceClient>;
  billing: PromiseClient<billing.BillingServiceClient>;
  close(): void;
}

export function createServiceClients(config: SessionConfig): ServiceClients {
  const analysis = { deadlineMs: config.ANALYSIS_DEADLINE_MS };
  const clients = {
    document: createGrpcClient<document.DocumentServiceClient>('document', config.DOCUMENT_GRPC_URL, analysis),
    biometrics: createGrpcClient<biometrics.BiometricsServiceClient>('biometrics', config.BIOMETRICS_GRPC_URL, analysis),
    scoring: createGrpcClient<scoring.ScoringServiceClient>('scoring', config.SCORING_GRPC_URL, analysis),
    billing: createGrpcClient<billing.BillingServiceClient>('billing', config.BILLING_GRPC_URL, { deadlineMs: 5_000 }),
  };
  return { ...clients, close: () => Object.values(clients).forEach((client) => client.close()) };
}
