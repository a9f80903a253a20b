import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

export interface StackSecrets {
  adminToken: string;
  embedTokenSecret: string;
  /** AES-256 key of stored document images (base64 of 32 random bytes); local to this data directory. */
  documentEncryptionKey: string;
  /** HMAC key of the duplicate keys (DUPLICATE_KEY_SECRET, session and biometrics). */
  duplicateKeySecret: string;
  /** AES-256 key of stored face embeddings (base64 of 32 random bytes); local to this data directory. */
  biometricsEncryptionKey: string;
}

/**
 * Generated on the first start and reused, so tokens, credentials and encrypted images survive
 * restarts. A secrets file from before a secret existed gets the missing one added.
 */
export function loadOrCreateSecrets(dataDir: string): StackSecrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored: Partial<StackSecrets> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<StackSecrets>) : {};
  const secrets: StackSecrets = {
    adminToken: stored.adminToken ?? `adm_${randomBytes(32).toString('base64url')}`,
    embedTokenSecret: stored.embedTokenSecret ?? randomBytes(48).toString('base64url'),
    documentEncryptionKey: stored.documentEncryptionKey ?? randomBytes(32).toString('base64'),
    duplicateKeySecret: stored.duplicateKeySecret ?? randomBytes(32).toString('base64url'),
    biometricsEncryptionKey: stored.biometricsEncryptionKey ?? randomBytes(32).toString('base64'),
  };
  if (Object.keys(secrets).some((key) => stored[key as keyof StackSecrets] === undefined)) {
    writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
    chmodSync(file, 0o600); // the mode above applies only when the file is created
  }
  return secrets;
}
