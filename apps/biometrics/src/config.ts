import { parseSealingKey, parseSealingKeyList } from '@kyc/persistence';
import {
  admissionEnv,
  commonEnv,
  duplicateKeyEnv,
  grpcAddress,
  loadConfig,
  processedEventRetentionEnv,
  serviceSignerEnv,
  serviceVerifierEnv,
  uploadCandidateEnv,
  z,
} from '@kyc/config';

/** BIOMETRICS_ENCRYPTION_KEY: 32 bytes as 64 hex characters or base64; no default, as for every key. */
const embeddingKey = () =>
  z.string().transform((value, context) => {
    const key = parseSealingKey(value);
    if (!key) {
      context.addIssue({ code: 'custom', message: 'must be 32 bytes as 64 hex characters or base64 (e.g. `openssl rand -base64 32`)' });
      return z.NEVER;
    }
    return key;
  });

/** BIOMETRICS_ENCRYPTION_PREVIOUS_KEYS: comma-separated keys of the same form, which only open embeddings during a rotation. */
const previousEmbeddingKeys = () =>
  z
    .string()
    .default('')
    .transform((value, context) => {
      const keys = parseSealingKeyList(value);
      if (!keys) {
        context.addIssue({ code: 'custom', message: 'must be comma-separated keys of 32 bytes, each 64 hex characters or base64' });
        return z.NEVER;
      }
      return keys;
    });

const schema = z.object({
  ...commonEnv,
  ...serviceVerifierEnv,
  ...serviceSignerEnv,
  ...uploadCandidateEnv,
  ...admissionEnv,
  ...duplicateKeyEnv,
  ...processedEventRetentionEnv,
  BIOMETRICS_ENCRYPTION_KEY: embeddingKey(),
  BIOMETRICS_ENCRYPTION_PREVIOUS_KEYS: previousEmbeddingKeys(),
  GRPC_URL: grpcAddress().default('127.0.0.1:50053'),
  /** The document service, for the portrait the selfie is matched against. */
  DOCUMENT_GRPC_URL: grpcAddress().default('127.0.0.1:50052'),
  /** Deadline of the portrait call (it decrypts and crops one image). */
  PORTRAIT_DEADLINE_MS: z.coerce.number().int().min(100).default(5_000),
});

export type BiometricsConfig = z.infer<typeof schema>;
export const loadBiometricsConfig = (env: NodeJS.ProcessEnv = process.env): BiometricsConfig =>
  loadConfig(schema, env, [
    'DATABASE_URL',
    'DUPLICATE_KEY_SECRET',
    'BIOMETRICS_ENCRYPTION_KEY',
    'BIOMETRICS_ENCRYPTION_PREVIOUS_KEYS',
    'SERVICE_PRIVATE_KEY',
  ]);
