import { embeddingOriginOf, sameEmail } from './widget-handoff';

describe('embeddingOriginOf', () => {
  it('takes plain http(s) origins only', () => {
    expect(embeddingOriginOf('https://shop.example')).toBe('https://shop.example');
    expect(embeddingOriginOf('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173');
    expect(embeddingOriginOf('HTTPS://Shop.Example:8443')).toBe('https://shop.example:8443');
  });

  it('refuses anything a CSP header could be broken with', () => {
    for (const value of [
      'https://shop.example/path',
      'https://shop.example; script-src *',
      "'self'",
      '*',
      'javascript:alert(1)',
      'https://shop.example https://evil.example',
      '',
      undefined,
      ['https://shop.example'],
    ]) {
      expect(embeddingOriginOf(value)).toBeNull();
    }
  });
});

describe('sameEmail', () => {
  it('compares trimmed and case-insensitively; a session without an e-mail takes any', () => {
    expect(sameEmail(' Alice@Example.com', 'alice@example.com ')).toBe(true);
    expect(sameEmail('mallory@example.com', 'alice@example.com')).toBe(false);
    expect(sameEmail('anyone@example.com', undefined)).toBe(true);
    expect(sameEmail('anyone@example.com', '')).toBe(true);
  });
});
