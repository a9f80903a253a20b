import { isIP } from 'node:net';
import { commonEnv, grpcAddress, loadConfig, positiveInt, z, serviceSignerEnv } from '@kyc/config';
import { type AdminAuthThrottlePolicy, DEFAULT_ADMIN_AUTH_THROTTLE } from './domain/admin-auth-throttle';
import { type ApiRateLimits, DEFAULT_API_RATE_LIMITS } from './domain/api-rate-limits';
import { type DashboardSessionPolicy, DEFAULT_DASHBOARD_SESSION_POLICY } from './domain/dashboard-session';

const isAddressOrRange = (entry: string) => {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * Proxies whose X-Forwarded-For the gateway believes (comma-separated addresses or CIDR ranges),
 * for the consent record's IP address. Empty (the default): the connection's own address, and
 * no client header is ever believed.
 */
const trustedProxies = () =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(isAddressOrRange), 'must be comma-separated IP addresses or CIDR ranges');

const schema = z
  .object({
    ...commonEnv,
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('127.0.0.1'),
    SESSION_GRPC_URL: grpcAddress().default('127.0.0.1:50051'),
    DOCUMENT_GRPC_URL: grpcAddress().default('127.0.0.1:50052'),
    BIOMETRICS_GRPC_URL: grpcAddress().default('127.0.0.1:50053'),
    SCORING_GRPC_URL: grpcAddress().default('127.0.0.1:50054'),
    BILLING_GRPC_URL: grpcAddress().default('127.0.0.1:50055'),
    WEBHOOK_GRPC_URL: grpcAddress().default('127.0.0.1:50056'),
    /**
     * Signs the gateway's calls to the services (service identity). Unset, the calls carry no token
     * and every service refuses them: the launcher, docker-compose.yml and the chart set it.
     */
    SERVICE_PRIVATE_KEY: serviceSignerEnv.SERVICE_PRIVATE_KEY.optional(),
    /** The bootstrap admin credential of /admin/v1 (beside the operators' own tokens); compared as SHA-256 digests in constant time. */
    ADMIN_TOKEN: z.string().min(24, 'must be at least 24 characters'),
    /**
     * Serve /admin/v1 on its own listener at this port (e.g. bound to an internal interface with
     * ADMIN_HOST) and answer 404 for it on PORT. Unset: admin is served on PORT.
     */
    ADMIN_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** The admin listener's address; HOST when unset. */
    ADMIN_HOST: z.string().optional(),
    /** Failed admin authentications counted per window (domain/admin-auth-throttle.ts). */
    ADMIN_AUTH_FAILURE_WINDOW_SECONDS: positiveInt().default(DEFAULT_ADMIN_AUTH_THROTTLE.windowSeconds),
    /** Failures from one source address within the window before its admin calls are answered 429. */
    ADMIN_AUTH_FAILURES_PER_SOURCE: positiveInt().default(DEFAULT_ADMIN_AUTH_THROTTLE.failuresPerSource),
    /** Failures with one credential within the window before it is answered 429. */
    ADMIN_AUTH_FAILURES_PER_CREDENTIAL: positiveInt().default(DEFAULT_ADMIN_AUTH_THROTTLE.failuresPerCredential),
    /** A dashboard session ends after this long without a call (sliding; domain/dashboard-session.ts). */
    DASHBOARD_IDLE_TIMEOUT_SECONDS: positiveInt().default(DEFAULT_DASHBOARD_SESSION_POLICY.idleSeconds),
    /** ... and this long after sign-in, however active. */
    DASHBOARD_SESSION_MAX_SECONDS: positiveInt().default(DEFAULT_DASHBOARD_SESSION_POLICY.absoluteSeconds),
    /** HMAC key of the embed tokens the session service issues (HS256); the same value as the session service's. */
    EMBED_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters'),
    /** How often expired idempotency keys and ended device-call and API-call windows are deleted. */
    RETENTION_SWEEP_INTERVAL_MS: positiveInt().default(600_000),
    /** Deadline of the gateway's calls to services; submit waits for the decision within it. */
    GRPC_DEADLINE_MS: positiveInt().default(30_000),
    /** How long a resolved secret key is trusted before asking the session service again. */
    AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5_000),
    /** How long reads of verifications in a final status are answered from memory (0 turns it off). */
    CLOSED_VERIFICATION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5_000),
    TRUSTED_PROXIES: trustedProxies(),
    /** The whole request (headers and body) must arrive within this: 10 MB at about 0.7 Mbit/s. Slower clients are cut off (408). */
    HTTP_REQUEST_TIMEOUT_MS: positiveInt().default(120_000),
    /** The request's headers must arrive within this (slow-loris headers). At most HTTP_REQUEST_TIMEOUT_MS. */
    HTTP_HEADERS_TIMEOUT_MS: positiveInt().default(15_000),
    /** Spec part 8, per project environment per minute: document and face uploads of /v1/verifications/*. */
    RATE_LIMIT_UPLOADS_PER_MINUTE: positiveInt().default(DEFAULT_API_RATE_LIMITS.upload),
    /** Spec part 8: POST /v1/verifications/{id}/submit. */
    RATE_LIMIT_SUBMITS_PER_MINUTE: positiveInt().default(DEFAULT_API_RATE_LIMITS.submit),
    /** Spec part 8: GET /v1/verifications/{id}. */
    RATE_LIMIT_READS_PER_MINUTE: positiveInt().default(DEFAULT_API_RATE_LIMITS.read),
    /** POST /v1/sessions; the spec shows no number, ours is 60 (README, API decisions). */
    RATE_LIMIT_SESSION_CREATES_PER_MINUTE: positiveInt().default(DEFAULT_API_RATE_LIMITS.session_create),
  })
  .refine((config) => config.ADMIN_PORT === undefined || config.ADMIN_PORT === 0 || config.ADMIN_PORT !== config.PORT, {
    path: ['ADMIN_PORT'],
    message: 'must differ from PORT (unset it to serve admin on PORT)',
  })
  .refine((config) => config.HTTP_HEADERS_TIMEOUT_MS <= config.HTTP_REQUEST_TIMEOUT_MS, {
    path: ['HTTP_HEADERS_TIMEOUT_MS'],
    message: 'must not exceed HTTP_REQUEST_TIMEOUT_MS',
  });

export type GatewayConfig = z.infer<typeof schema>;
export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig =>
  loadConfig(schema, env, ['ADMIN_TOKEN', 'EMBED_TOKEN_SECRET', 'DATABASE_URL', 'SERVICE_PRIVATE_KEY']);

export const apiRateLimitsOf = (config: GatewayConfig): ApiRateLimits => ({
  upload: config.RATE_LIMIT_UPLOADS_PER_MINUTE,
  submit: config.RATE_LIMIT_SUBMITS_PER_MINUTE,
  read: config.RATE_LIMIT_READS_PER_MINUTE,
  session_create: config.RATE_LIMIT_SESSION_CREATES_PER_MINUTE,
});

export const adminAuthThrottleOf = (config: GatewayConfig): AdminAuthThrottlePolicy => ({
  windowSeconds: config.ADMIN_AUTH_FAILURE_WINDOW_SECONDS,
  failuresPerSource: config.ADMIN_AUTH_FAILURES_PER_SOURCE,
  failuresPerCredential: config.ADMIN_AUTH_FAILURES_PER_CREDENTIAL,
});

export const dashboardSessionPolicyOf = (config: GatewayConfig): DashboardSessionPolicy => ({
  idleSeconds: config.DASHBOARD_IDLE_TIMEOUT_SECONDS,
  absoluteSeconds: config.DASHBOARD_SESSION_MAX_SECONDS,
});
