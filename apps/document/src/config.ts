import { commonEnv, grpcAddress, loadConfig, z } from '@kyc/config';

const schema = z.object({ ...commonEnv, GRPC_URL: grpcAddress().default('127.0.0.1:50052') });

export type DocumentConfig = z.infer<typeof schema>;
export const loadDocumentConfig = (env: NodeJS.ProcessEnv = process.env): DocumentConfig => loadConfig(schema, env, ['DATABASE_URL']);
