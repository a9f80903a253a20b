import { commonEnv, grpcAddress, loadConfig, z, serviceVerifierEnv } from '@kyc/config';

const schema = z.object({ ...commonEnv, ...serviceVerifierEnv, GRPC_URL: grpcAddress().default('127.0.0.1:50054') });

export type ScoringConfig = z.infer<typeof schema>;
export const loadScoringConfig = (env: NodeJS.ProcessEnv = process.env): ScoringConfig => loadConfig(schema, env, ['DATABASE_URL']);
