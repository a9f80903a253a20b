import type { biometrics, billing, document, scoring } from '@kyc/contracts';
import type { PromiseClient } from '@kyc/grpc';

/** The services the session service calls (infrastructure/service-clients.ts makes them, each call with a deadline). */
export interface ServiceClients {
  document: PromiseClient<document.DocumentServiceClient>;
  biometrics: PromiseClient<biometrics.BiometricsServiceClient>;
  scoring: PromiseClient<scoring.ScoringServiceClient>;
  billing: PromiseClient<billing.BillingServiceClient>;
}
