import { admissionEnv, commonEnv, grpcAddress, loadConfig, uploadCandidateEnv, z, serviceVerifierEnv } from '@kyc/config';
import { parseSealingKeyList } from '@kyc/persistence';
import { parseImageKey } from './infrastructure/image-cipher';

/**
 * DOCUMENT_ENCRYPTION_KEY has no default on purpose: a key baked into the code would protect
 * nothing. The local stack (`npm start`) generates one per data directory (.data/secrets.json).
 */
const imageKey = () =>
  z.string().transform((value, context) => {
    const key = parseImageKey(value);
    if (!key) {
      context.addIssue({ code: 'custom', message: 'must be 32 bytes as 64 hex characters or base64 (e.g. `openssl rand -base64 32`)' });
      return z.NEVER;
    }
    return key;
  });

/** DOCUMENT_ENCRYPTION_PREVIOUS_KEYS: comma-separated keys of the same form, which only open images during a rotation. */
const previousImageKeys = () =>
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
  ...uploadCandidateEnv,
  ...admissionEnv,
  GRPC_URL: grpcAddress().default('127.0.0.1:50052'),
  DOCUMENT_ENCRYPTION_KEY: imageKey(),
  DOCUMENT_ENCRYPTION_PREVIOUS_KEYS: previousImageKeys(),
});

export type DocumentConfig = z.infer<typeof schema>;
export const loadDocumentConfig = (env: NodeJS.ProcessEnv = process.env): DocumentConfig =>
  loadConfig(schema, env, ['DATABASE_URL', 'DOCUMENT_ENCRYPTION_KEY', 'DOCUMENT_ENCRYPTION_PREVIOUS_KEYS']);
