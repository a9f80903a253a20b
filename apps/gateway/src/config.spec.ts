import { ConfigError } from '@kyc/config';
import { apiRateLimitsOf, loadGatewayConfig } from './config';

/** The variables the gateway cannot start without. */
const base = {
  DATABASE_URL: 'postgres://kyc:kyc@127.0.0.1:5432/kyc',
  ADMIN_TOKEN: 'a'.repeat(24),
  EMBED_TOKEN_SECRET: 's'.repeat(32),
};

describe('gateway config: TRUSTED_PROXIES', () => {
  it('believes no proxy by default', () => {
    expect(loadGatewayConfig(base).TRUSTED_PROXIES).toEqual([]);
  });

  it('reads addresses and CIDR ranges of both families', () => {
    expect(loadGatewayConfig({ ...base, TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
  });

  it.each(['proxy.internal', '10.0.0.0/33', '10.0.0.1/8/1', 'fd00::/129', '*'])('refuses %s', (entry) => {
    expect(() => loadGatewayConfig({ ...base, TRUSTED_PROXIES: entry })).toThrow(ConfigError);
  });
});

describe('gateway config: rate limits of spec part 8', () => {
  it('defaults to the spec numbers, and 60 session creations per minute', () => {
    expect(apiRateLimitsOf(loadGatewayConfig(base))).toEqual({ upload: 120, submit: 30, read: 300, session_create: 60 });
  });

  it("takes an operator's numbers", () => {
    const config = loadGatewayConfig({
      ...base,
      RATE_LIMIT_UPLOADS_PER_MINUTE: '10',
      RATE_LIMIT_SUBMITS_PER_MINUTE: '3',
      RATE_LIMIT_READS_PER_MINUTE: '1000',
      RATE_LIMIT_SESSION_CREATES_PER_MINUTE: '5',
    });
    expect(apiRateLimitsOf(config)).toEqual({ upload: 10, submit: 3, read: 1000, session_create: 5 });
  });

  it.each(['0', '-1', '2.5', 'many'])('refuses %s', (value) => {
    expect(() => loadGatewayConfig({ ...base, RATE_LIMIT_SUBMITS_PER_MINUTE: value })).toThrow(ConfigError);
  });
});

describe('gateway config: request timeouts', () => {
  it('gives a whole request two minutes and its headers 15 s by default', () => {
    expect(loadGatewayConfig(base)).toMatchObject({ HTTP_REQUEST_TIMEOUT_MS: 120_000, HTTP_HEADERS_TIMEOUT_MS: 15_000 });
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(() => loadGatewayConfig({ ...base, HTTP_REQUEST_TIMEOUT_MS: '5000', HTTP_HEADERS_TIMEOUT_MS: '6000' })).toThrow(ConfigError);
  });
});
