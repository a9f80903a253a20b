import { commonEnv, grpcAddress, loadConfig, processedEventRetentionEnv, z, serviceVerifierEnv } from '@kyc/config';

const schema = z.object({
  ...commonEnv,
  ...serviceVerifierEnv,
  ...processedEventRetentionEnv,
  GRPC_URL: grpcAddress().default('127.0.0.1:50055'),
  /** Free verifications a new project environment starts with, so Sandbox works at once. */
  BILLING_TRIAL_VERIFICATIONS: z.coerce.number().int().min(0).default(100),
});

export type BillingConfig = z.infer<typeof schema>;
export const loadBillingConfig = (env: NodeJS.ProcessEnv = process.env): BillingConfig => loadConfig(schema, env);
