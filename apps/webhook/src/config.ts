import { commonEnv, grpcAddress, loadConfig, processedEventRetentionEnv, z, serviceVerifierEnv } from '@kyc/config';
import { parseRetrySchedule } from './domain/retry-schedule';

const schema = z.object({
  ...commonEnv,
  ...serviceVerifierEnv,
  ...processedEventRetentionEnv,
  GRPC_URL: grpcAddress().default('127.0.0.1:50056'),
  /** Comma-separated delays between attempts; unset → the documented ~3-day schedule. */
  WEBHOOK_RETRY_SCHEDULE_MS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseRetrySchedule(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** A 2xx within this time is a delivery. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().positive().default(32),
  /** Lets sandbox and live endpoints resolve to private or loopback addresses (operators only). */
  WEBHOOK_ALLOW_PRIVATE_URLS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Ended deliveries (and their bodies, which carry personal data) are deleted this many days after they ended (docs/retention.md). */
  WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  RETENTION_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(3_600_000),
});

export type WebhookConfig = z.infer<typeof schema>;
export const loadWebhookConfig = (env: NodeJS.ProcessEnv = process.env): WebhookConfig => loadConfig(schema, env, ['DATABASE_URL']);
