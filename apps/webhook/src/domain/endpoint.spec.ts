import { ErrorCode } from '@kyc/errors';
import { assertEndpointUrl, newWebhookSecret } from './endpoint';

describe('webhook endpoints', () => {
  it('accepts http(s) URLs only, without credentials', () => {
    expect(assertEndpointUrl('https://example.com/hooks').hostname).toBe('example.com');
    for (const bad of ['ftp://x/y', 'not a url', 'https://user:pw@example.com/', 'javascript:alert(1)']) {
      expect(() => assertEndpointUrl(bad)).toThrow(expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }));
    }
  });

  it('issues distinct whsec_ secrets', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[\w-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
