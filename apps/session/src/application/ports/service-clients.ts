import type { biometrics, billing, document, scoring } from '@kyc/contracts';
import type { PromiseClient } from '@kyc/grpc';

/** The services the session service calls (infrastructure/service-clients.ts makes them, each call with a deadline). */
export interface ServiceClients {
  document: PromiseClient<document.DocumentServiceClient>;
  biometrics: PromiseClient<biometrics.BiometricsServiceClient>;
  scoring: PromiseClient<scoring.ScoringServiceClient>;
  billing: PromiseClient<billing.BillingServiceClient>;
}

/**
 * Promoting an upload happens while the session row is locked: a short call (one row moved), so a
 * short deadline keeps the lock brief even when the callee hangs.
 */
export const PROMOTION_DEADLINE_MS = 5_000;
