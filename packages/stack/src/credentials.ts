import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { common } from '@kyc/contracts';
import { type ServiceTokenSigner, createGrpcClient } from '@kyc/grpc';

export interface KeyPair {
  secretKey: string;
  publishableKey: string;
}

/** An operator made at the first start: the dashboard signs in with e-mail and password, the CLI and scripts use the token. */
export interface DevOperator {
  id: string;
  email: string;
  password: string;
  role: 'admin' | 'reviewer' | 'read_only';
  token: string;
}

/** `$KYC_DATA_DIR/dev-credentials.json`, the developer's keys to the local stack. */
export interface DevCredentials {
  projectId: string;
  /** The deployment's bootstrap admin credential (ADMIN_TOKEN): audited as operator `bootstrap`. */
  adminToken: string;
  /** One operator per role; absent in files written before operators existed, until the next start adds them. */
  operators?: DevOperator[];
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
export async function bootstrapDefaultProject(
  sessionGrpcUrl: string,
  adminToken: string,
  baseUrl: string,
  identity: ServiceTokenSigner,
): Promise<DevCredentials> {
  const client = createGrpcClient('session', sessionGrpcUrl, { deadlineMs: 10_000, identity });
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

const DEV_OPERATOR_ROLES = ['admin', 'reviewer', 'read_only'] as const;

/**
 * First start (or the first start of a data directory from before operators): one operator per
 * role, through the session service's contract, with generated passwords. An e-mail already taken
 * (its password is not ours to know) is skipped with a note; `npm run admin -- operators:create`
 * makes another.
 */
export async function bootstrapOperators(
  sessionGrpcUrl: string,
  say: (line: string) => void,
  identity: ServiceTokenSigner,
): Promise<DevOperator[]> {
  const client = createGrpcClient('session', sessionGrpcUrl, { deadlineMs: 10_000, identity });
  try {
    const operators: DevOperator[] = [];
    for (const role of DEV_OPERATOR_ROLES) {
      const email = `${role.replace('_', '-')}@kyc.local`;
      try {
        const created = await client.createOperator({ email, role, password: '', createdBy: '' });
        operators.push({ id: created.operator!.id, email, password: created.password, role, token: created.token });
      } catch (error) {
        say(`operator ${email} not created: ${(error as Error).message}`);
      }
    }
    return operators;
  } finally {
    client.close();
  }
}
