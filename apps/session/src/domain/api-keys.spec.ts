import { hashSecretKey, issueKey, parseKey } from './api-keys';

describe('API keys', () => {
  it.each(['test', 'sandbox', 'live'] as const)('issues %s keys that parse back to their environment', (environment) => {
    const secret = issueKey('secret', environment);
    expect(secret.value).toMatch(new RegExp(`^sk_${environment}_`));
    expect(parseKey(secret.value)).toEqual({ kind: 'secret', environment });
    const publishable = issueKey('publishable', environment);
    expect(parseKey(publishable.value)).toEqual({ kind: 'publishable', environment });
    expect(secret.prefix).toBe(secret.value.slice(0, secret.prefix.length));
    expect(secret.prefix.length).toBeLessThan(secret.value.length - 24);
  });

  it('never issues the same key twice', () => {
    const seen = new Set(Array.from({ length: 200 }, () => issueKey('secret', 'test').value));
    expect(seen.size).toBe(200);
  });

  it('rejects malformed keys', () => {
    for (const bad of [
      '',
      'sk_test_',
      'sk_prod_' + 'a'.repeat(32),
      'xx_test_' + 'a'.repeat(32),
      'sk_test_' + 'a'.repeat(31),
      'sk_test_' + 'a'.repeat(32) + ' ',
    ]) {
      expect(parseKey(bad)).toBeNull();
    }
  });

  it('hashes deterministically to 32 bytes without keeping the key', () => {
    const key = issueKey('secret', 'live').value;
    expect(hashSecretKey(key)).toEqual(hashSecretKey(key));
    expect(hashSecretKey(key)).toHaveLength(32);
    expect(hashSecretKey(key).toString('hex')).not.toContain(key);
  });
});
