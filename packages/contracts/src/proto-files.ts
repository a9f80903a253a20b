import * as path from 'node:path';

/** The proto/ tree, copied into this package's dist at build so the package is self-contained. */
export const PROTO_ROOT = path.resolve(__dirname, 'proto');

/** Where each service's contract lives, relative to PROTO_ROOT, and its fully qualified name. */
export const SERVICE_PROTOS = {
  session: { file: 'kyc/session/v1/session.proto', packageName: 'kyc.session.v1', serviceName: 'SessionService' },
  document: { file: 'kyc/document/v1/document.proto', packageName: 'kyc.document.v1', serviceName: 'DocumentService' },
  biometrics: { file: 'kyc/biometrics/v1/biometrics.proto', packageName: 'kyc.biometrics.v1', serviceName: 'BiometricsService' },
  scoring: { file: 'kyc/scoring/v1/scoring.proto', packageName: 'kyc.scoring.v1', serviceName: 'ScoringService' },
  billing: { file: 'kyc/billing/v1/billing.proto', packageName: 'kyc.billing.v1', serviceName: 'BillingService' },
  webhook: { file: 'kyc/webhook/v1/webhook.proto', packageName: 'kyc.webhook.v1', serviceName: 'WebhookService' },
} as const;

export type ServiceName = keyof typeof SERVICE_PROTOS;
