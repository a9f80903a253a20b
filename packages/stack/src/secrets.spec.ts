import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { loadOrCreateSecrets } from './secrets';

describe('launcher secrets', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'kyc-secrets-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('generates them once, owner-only, and reuses them', () => {
    const first = loadOrCreateSecrets(dir);
    expect(Buffer.from(first.documentEncryptionKey, 'base64')).toHaveLength(32);
    expect(first.duplicateKeySecret.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(first.biometricsEncryptionKey, 'base64')).toHaveLength(32);
    expect(loadOrCreateSecrets(dir)).toEqual(first);
    expect(statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
  });

  it('adds a secret missing from an older file and keeps the others', () => {
    const file = path.join(dir, 'secrets.json');
    writeFileSync(file, JSON.stringify({ adminToken: 'adm_kept', embedTokenSecret: 'kept-secret' }), { mode: 0o644 });
    const secrets = loadOrCreateSecrets(dir);
    expect(secrets).toMatchObject({ adminToken: 'adm_kept', embedTokenSecret: 'kept-secret' });
    expect(JSON.parse(readFileSync(file, 'utf8')).documentEncryptionKey).toBe(secrets.documentEncryptionKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
