import { randomBytes } from 'node:crypto';
import { ConfigError } from '@kyc/config';
import { generateServiceKeySet } from '@kyc/grpc';
import { loadDocumentConfig } from './config';

describe('document config', () => {
  const base = { DATABASE_URL: 'postgres://kyc:kyc@127.0.0.1:5432/kyc', ...generateServiceKeySet().env('document') };

  it('reads the image key from hex or base64 as 32 bytes', () => {
    const key = randomBytes(32);
    expect(loadDocumentConfig({ ...base, DOCUMENT_ENCRYPTION_KEY: key.toString('hex') }).DOCUMENT_ENCRYPTION_KEY.equals(key)).toBe(true);
    expect(loadDocumentConfig({ ...base, DOCUMENT_ENCRYPTION_KEY: key.toString('base64') }).DOCUMENT_ENCRYPTION_KEY.equals(key)).toBe(true);
  });

  it('refuses a missing or short key without printing it', () => {
    expect(() => loadDocumentConfig(base)).toThrow(ConfigError);
    const short = randomBytes(16).toString('hex');
    try {
      loadDocumentConfig({ ...base, DOCUMENT_ENCRYPTION_KEY: short });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toContain('DOCUMENT_ENCRYPTION_KEY');
      expect((error as ConfigError).problems.join('\n')).not.toContain(short);
    }
  });
});
