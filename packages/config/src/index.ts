import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from 'zod';

export { z };

/** Raised at boot when the environment is invalid; lists every bad key at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates `env` against a zod schema and returns the typed config. Values of keys listed in
 * `secretKeys` never appear in error messages.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
  secretKeys: readonly string[] = [],
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const key = issue.path.join('.');
    const shown = secretKeys.includes(key) ? '(secret, not shown)' : JSON.stringify(env[key] ?? null);
    return `${key}: ${issue.message} (got ${shown})`;
  });
  throw new ConfigError(problems);
}

/** Shared fragments so every service reads the same variables the same way. */
export const commonEnv = {
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  /** Comma-separated host:port of Kafka brokers; unset or empty → the embedded PostgreSQL event transport. */
  KAFKA_BROKERS: z
    .string()
    .regex(/^$|^[\w.-]+:\d+(,[\w.-]+:\d+)*$/, 'must be host:port[,host:port…]')
    .optional(),
  /** On SIGTERM, how long in-flight requests may run on before they are cut (Kubernetes waits 30 s by default). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().positive().default(20_000),
  /**
   * Serve Prometheus `GET /metrics` on this port, a listener of its own apart from the API (no
   * credential on it, so it is kept off the API's port). Unset: no listener, the instruments
   * still count. The Helm chart sets 9464 with `metrics.enabled`; `npm start` runs every process
   * on one host, so leave it unset there (they would all ask for the same port).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The metrics listener's address; the Helm chart sets 0.0.0.0 so the scraper's pod reaches it. */
  METRICS_HOST: z.string().default('127.0.0.1'),
};

/**
 * A gRPC listen or target address: host:port, a list of replicas (`127.0.0.1:50051,127.0.0.1:50061`,
 * `npm start -- --replicas N`) or a DNS target (`dns:///kyc-session-headless:50051`, the Helm chart).
 */
export const grpcAddress = () =>
  z
    .string()
    .regex(/^(dns:\/\/\/)?[\w.-]+:\d{1,5}(,[\w.-]+:\d{1,5})*$/, 'must be host:port, a comma-separated list of them, or dns:///host:port');

/** Milliseconds as a positive integer. */
export const positiveInt = () => z.coerce.number().int().positive();

/**
 * The document and biometrics services keep each upload as a candidate until the session service
 * promotes it; this long after upload a candidate nobody promoted (a refused retake, an upload
 * that lost a race with submit or a purge) is deleted. It must exceed the session's analysis
 * deadline, since promotion follows the analysis.
 */
/**
 * Admission control of the document and biometrics services' analyses (AdmissionGate in
 * @kyc/grpc): how many run at once and how many may wait; the next is answered 503
 * SERVICE_UNAVAILABLE with Retry-After instead of queueing without bound.
 */
export const admissionEnv = {
  MAX_CONCURRENT_ANALYSES: positiveInt().default(4),
  MAX_QUEUED_ANALYSES: z.coerce.number().int().min(0).default(16),
  ANALYSIS_RETRY_AFTER_SECONDS: positiveInt().default(2),
};

export const uploadCandidateEnv = {
  UPLOAD_CANDIDATE_TTL_MS: z.coerce.number().int().min(60_000).default(900_000),
  UPLOAD_CANDIDATE_SWEEP_MS: positiveInt().default(60_000),
};

/**
 * The key of the duplicate keys (HMAC-SHA-256 of the e-mail and of name + birth date), used by
 * session (which computes them) and biometrics (which re-keys the plain SHA-256 keys written before).
 * No default, as for every secret: at least 32 characters (`openssl rand -base64 32`).
 */
export const processedEventRetentionEnv = {
  /**
   * A consumer's inbox (`<schema>.processed_events`, event ids only) forgets an event this many
   * days after handling it (docs/retention.md). It must outlast every replay window: the Postgres
   * event log (EVENT_LOG_RETENTION_DAYS, 30) and the Kafka topics' retention (7 days by default);
   * at least 8 days.
   */
  PROCESSED_EVENT_RETENTION_DAYS: z.coerce.number().int().min(8).max(3650).default(60),
  /** How often the inbox is pruned. */
  PROCESSED_EVENT_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(3_600_000),
};

export const duplicateKeyEnv = {
  DUPLICATE_KEY_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)'),
};

const isEd25519 = (base64: string, kind: 'private' | 'public'): boolean => {
  try {
    const der = { key: Buffer.from(base64, 'base64'), format: 'der' as const };
    const key = kind === 'private' ? createPrivateKey({ ...der, type: 'pkcs8' }) : createPublicKey({ ...der, type: 'spki' });
    return key.asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
};

/**
 * Service identity (service-identity.ts in @kyc/grpc). Every gRPC service verifies the callers'
 * signed tokens with SERVICE_PUBLIC_KEYS: `caller:<base64 SPKI DER>` entries, comma-separated, a
 * caller twice while its key rotates. There is no default: a service without it does not start.
 */
export const serviceVerifierEnv = {
  SERVICE_PUBLIC_KEYS: z.string().refine(
    (text) =>
      text.split(',').every((entry) => {
        const match = /^\s*([a-z]+):([A-Za-z0-9+/=]+)\s*$/.exec(entry);
        return match !== null && isEd25519(match[2]!, 'public');
      }),
    'must be caller:<base64 Ed25519 public key (SPKI DER)>[,caller:<key>…]',
  ),
};

/** The signing key of a service that calls others (base64 PKCS#8 DER of an Ed25519 key); a secret. */
export const serviceSignerEnv = {
  SERVICE_PRIVATE_KEY: z.string().refine((text) => isEd25519(text.trim(), 'private'), 'must be a base64 Ed25519 private key (PKCS#8 DER)'),
};
