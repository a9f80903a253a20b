import type { billing, biometrics, scoring, session, webhook } from '@kyc/contracts';
import { ServiceTokenSigner, checkGrpcHealth, createGrpcClient, type PromiseClient } from '@kyc/grpc';
import type { GatewayConfig } from '../config';

/** The gateway's only way to reach the services: typed gRPC clients with deadlines. */
export class ServiceClients {
  readonly session: PromiseClient<session.SessionServiceClient>;
  readonly billing: PromiseClient<billing.BillingServiceClient>;
  /** Admin reads and writes only (policies, stored decisions); decisions are the session service's call. */
  readonly scoring: PromiseClient<scoring.ScoringServiceClient>;
  readonly webhook: PromiseClient<webhook.WebhookServiceClient>;
  /** The device-side stateless liveness pre-check only; selfies of a session go through the session service. */
  readonly biometrics: PromiseClient<biometrics.BiometricsServiceClient>;
  private readonly healthTargets: Record<string, string>;

  constructor(config: GatewayConfig) {
    const identity = config.SERVICE_PRIVATE_KEY ? new ServiceTokenSigner('gateway', config.SERVICE_PRIVATE_KEY) : undefined;
    const options = { deadlineMs: config.GRPC_DEADLINE_MS, identity };
    this.session = createGrpcClient('session', config.SESSION_GRPC_URL, options);
    this.billing = createGrpcClient('billing', config.BILLING_GRPC_URL, options);
    this.scoring = createGrpcClient('scoring', config.SCORING_GRPC_URL, options);
    this.webhook = createGrpcClient('webhook', config.WEBHOOK_GRPC_URL, options);
    this.biometrics = createGrpcClient('biometrics', config.BIOMETRICS_GRPC_URL, options);
    this.healthTargets = {
      session: config.SESSION_GRPC_URL,
      document: config.DOCUMENT_GRPC_URL,
      biometrics: config.BIOMETRICS_GRPC_URL,
      scoring: config.SCORING_GRPC_URL,
      billing: config.BILLING_GRPC_URL,
      webhook: config.WEBHOOK_GRPC_URL,
    };
  }

  /** Health of every service behind the gateway (standard gRPC health checks, in parallel). */
  async health(): Promise<Record<string, boolean>> {
    const entries = await Promise.all(
      Object.entries(this.healthTargets).map(async ([name, address]) => [name, await checkGrpcHealth(address)] as const),
    );
    return Object.fromEntries(entries);
  }
}
