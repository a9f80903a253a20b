import { commonEnv, grpcAddress, loadConfig, z } from '@kyc/config';

const schema = z.object({ ...commonEnv, GRPC_URL: grpcAddress().default('127.0.0.1:50056') });

export type WebhookConfig = z.infer<typeof schema>;
export const loadWebhookConfig = (env: NodeJS.ProcessEnv = process.env): WebhookConfig => loadConfig(schema, env, ['DATABASE_URL']);
