import { admissionEnv, commonEnv, duplicateKeyEnv, grpcAddress, loadConfig, uploadCandidateEnv, z } from '@kyc/config';

const schema = z.object({
  ...commonEnv,
  ...uploadCandidateEnv,
  ...admissionEnv,
  ...duplicateKeyEnv,
  GRPC_URL: grpcAddress().default('127.0.0.1:50053'),
  /** The document service, for the portrait the selfie is matched against. */
  DOCUMENT_GRPC_URL: grpcAddress().default('127.0.0.1:50052'),
  /** Deadline of the portrait call (it decrypts and crops one image). */
  PORTRAIT_DEADLINE_MS: z.coerce.number().int().min(100).default(5_000),
});

export type BiometricsConfig = z.infer<typeof schema>;
export const loadBiometricsConfig = (env: NodeJS.ProcessEnv = process.env): BiometricsConfig => loadConfig(schema, env, ['DATABASE_URL', 'DUPLICATE_KEY_SECRET']);
