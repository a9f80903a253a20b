import { generateKeyPairSync } from 'node:crypto';
import { ConfigError } from '@kyc/config';
import { loadSessionConfig } from './config';

/** The session service's retention windows are validated where the configuration is loaded (docs/retention.md). */
const required = {
  DATABASE_URL: 'postgres://kyc@127.0.0.1/kyc',
  EMBED_TOKEN_SECRET: 'e'.repeat(40),
  DUPLICATE_KEY_SECRET: 'd'.repeat(40),
  SERVICE_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  SERVICE_PUBLIC_KEYS: `gateway:${generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).toString('base64')}`,
};

describe('session config: retention windows', () => {
  const load = (env: Record<string, string>) => () => loadSessionConfig({ ...required, ...env });

  it('defaults to 90 days for closed session records and 1095 for consents', () => {
    expect(load({})()).toMatchObject({ SESSION_RECORD_RETENTION_DAYS: 90, CONSENT_RETENTION_DAYS: 1095 });
    expect(load({ SESSION_RECORD_RETENTION_DAYS: '30', CONSENT_RETENTION_DAYS: '365' })()).toMatchObject({
      SESSION_RECORD_RETENTION_DAYS: 30,
      CONSENT_RETENTION_DAYS: 365,
    });
  });

  it.each([
    [{ SESSION_RECORD_RETENTION_DAYS: '6' }, 'SESSION_RECORD_RETENTION_DAYS'],
    [{ SESSION_RECORD_RETENTION_DAYS: '3651' }, 'SESSION_RECORD_RETENTION_DAYS'],
    [{ SESSION_RECORD_RETENTION_DAYS: 'a year' }, 'SESSION_RECORD_RETENTION_DAYS'],
    [{ CONSENT_RETENTION_DAYS: '364' }, 'CONSENT_RETENTION_DAYS'],
    [{ SESSION_RECORD_RETENTION_DAYS: '2000', CONSENT_RETENTION_DAYS: '1095' }, 'CONSENT_RETENTION_DAYS: must be at least'],
  ])('refuses %p', (env, message) => {
    expect(load(env)).toThrow(ConfigError);
    expect(load(env)).toThrow(message);
  });
});
