import { commonEnv, duplicateKeyEnv, grpcAddress, loadConfig, positiveInt, z, serviceSignerEnv, serviceVerifierEnv } from '@kyc/config';

const schema = z
  .object({
    ...commonEnv,
    ...serviceVerifierEnv,
    ...serviceSignerEnv,
    ...duplicateKeyEnv,
    GRPC_URL: grpcAddress().default('127.0.0.1:50051'),
    DOCUMENT_GRPC_URL: grpcAddress().default('127.0.0.1:50052'),
    BIOMETRICS_GRPC_URL: grpcAddress().default('127.0.0.1:50053'),
    SCORING_GRPC_URL: grpcAddress().default('127.0.0.1:50054'),
    BILLING_GRPC_URL: grpcAddress().default('127.0.0.1:50055'),
    /** HMAC key of the session-bound embed tokens (HS256); at least 32 characters. */
    EMBED_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters'),
    /** Where the hosted widget and QR pages are served; widgetUrl and qrCodeUrl are built from it. */
    PUBLIC_BASE_URL: z.url().default('http://127.0.0.1:8080'),
    /** How often open sessions past their TTL are moved to expired. */
    SESSION_SWEEP_INTERVAL_MS: positiveInt().default(15_000),
    /** Deadline of calls to the analysis services (document, biometrics, scoring). */
    ANALYSIS_DEADLINE_MS: positiveInt().default(30_000),
    /**
     * How long a submit may stay processing. Its three analysis calls run within it; if the session
     * service dies mid-submit, the lapsed-attempt sweeper gives the session back after it.
     */
    PROCESSING_LEASE_MS: positiveInt().default(120_000),
    /** How often the purge queue is drained (failed and expired sessions' images and embeddings). */
    PURGE_POLL_MS: positiveInt().default(1_000),
    /** Retention (docs/retention.md): how often the sweeper runs, and how long published outbox rows and the Postgres event log are kept. */
    RETENTION_SWEEP_INTERVAL_MS: positiveInt().default(3_600_000),
    OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    EVENT_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /**
     * Closed sessions' personal fields (client metadata, e-mail, IP, user agent, extracted data,
     * identity key) are cleared this many days after the session's last change; a completion not
     * before its face was purged. At least 7 days, so a read after a late webhook still finds them.
     */
    SESSION_RECORD_RETENTION_DAYS: z.coerce.number().int().min(7).max(3650).default(90),
    /**
     * Consent records (IP, user agent, wording) of cleared sessions are deleted this many days after
     * the consent: 3 years by default, the usual limitation period in which the consent may have to
     * be shown; never under 365 days (the table refuses it too).
     */
    CONSENT_RETENTION_DAYS: z.coerce.number().int().min(365).max(3650).default(1095),
  })
  .refine((config) => config.CONSENT_RETENTION_DAYS >= config.SESSION_RECORD_RETENTION_DAYS, {
    message: 'must be at least SESSION_RECORD_RETENTION_DAYS: a consent outlives the data it covers',
    path: ['CONSENT_RETENTION_DAYS'],
  });

export type SessionConfig = z.infer<typeof schema>;
export const loadSessionConfig = (env: NodeJS.ProcessEnv = process.env): SessionConfig =>
  loadConfig(schema, env, ['EMBED_TOKEN_SECRET', 'DATABASE_URL', 'DUPLICATE_KEY_SECRET', 'SERVICE_PRIVATE_KEY']);
