import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

export interface StackSecrets {
  adminToken: string;
  embedTokenSecret: string;
}

/** Generated on the first start and reused, so tokens and credentials survive restarts. */
export function loadOrCreateSecrets(dataDir: string): StackSecrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StackSecrets;
  const secrets: StackSecrets = {
    adminToken: `adm_${randomBytes(32).toString('base64url')}`,
    embedTokenSecret: randomBytes(48).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  return secrets;
}
