import { ConfigError } from '@kyc/config';
import { loadGatewayConfig } from './config';

describe('gateway config: TRUSTED_PROXIES', () => {
  const base = {
    DATABASE_URL: 'postgres://kyc:kyc@127.0.0.1:5432/kyc',
    ADMIN_TOKEN: 'a'.repeat(24),
    EMBED_TOKEN_SECRET: 's'.repeat(32),
  };

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
