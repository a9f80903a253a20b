import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { common } from '@kyc/contracts';
import { createGrpcClient } from '@kyc/grpc';

export interface KeyPair {
  secretKey: string;
  publishableKey: string;
}

/** `$KYC_DATA_DIR/dev-credentials.json`, the developer's keys to the local stack. */
export interface DevCredentials {
  projectId: string;
  adminToken: string;
  baseUrl: string;
  environments: { test: KeyPair; sandbox: KeyPair; live: KeyPair };
}

export const credentialsPath = (dataDir: string) => path.join(dataDir, 'dev-credentials.json');

export function readCredentials(dataDir: string): DevCredentials | null {
  const file = credentialsPath(dataDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DevCredentials) : null;
}

export function writeCredentials(dataDir: string, credentials: DevCredentials): void {
  writeFileSync(credentialsPath(dataDir), JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
}

/**
 * First start: create the default project through the session service's contract (before the
 * gateway serves, so the credentials exist by the time the API answers).
 */
export async function bootstrapDefaultProject(sessionGrpcUrl: string, adminToken: string, baseUrl: string): Promise<DevCredentials> {
  const client = createGrpcClient('session', sessionGrpcUrl, { deadlineMs: 10_000 });
  try {
    const created = await client.createProject({ name: 'Default project', accountName: 'Local developer' });
    const pair = (environment: common.ProjectEnvironment): KeyPair => {
      const keys = created.keys.find((k) => k.environment === environment);
      if (!keys) throw new Error(`the default project has no ${environment} keys`);
      return { secretKey: keys.secretKey, publishableKey: keys.publishableKey };
    };
    return {
      projectId: created.project!.id,
      adminToken,
      baseUrl,
      environments: {
        test: pair(common.ProjectEnvironment.PROJECT_ENVIRONMENT_TEST),
        sandbox: pair(common.ProjectEnvironment.PROJECT_ENVIRONMENT_SANDBOX),
        live: pair(common.ProjectEnvironment.PROJECT_ENVIRONMENT_LIVE),
      },
    };
  } finally {
    client.close();
  }
}
