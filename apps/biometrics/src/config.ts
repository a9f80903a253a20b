import { commonEnv, grpcAddress, loadConfig, z } from '@kyc/config';

const schema = z.object({ ...commonEnv, GRPC_URL: grpcAddress().default('127.0.0.1:50053') });

export type BiometricsConfig = z.infer<typeof schema>;
export const loadBiometricsConfig = (env: NodeJS.ProcessEnv = process.env): BiometricsConfig => loadConfig(schema, env, ['DATABASE_URL']);
