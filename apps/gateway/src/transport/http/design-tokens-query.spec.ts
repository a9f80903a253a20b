import { randomBytes } from 'node:crypto';
import { designTokensQuery } from './design-tokens.controller';

describe('designTokensQuery', () => {
  it('accepts every publishable key the session service issues (base64url, so with - and _)', () => {
    for (const key of [
      'pk_test_u5OypFGoNIkCgRmFOdK1BEja1oAsdJw_',
      'pk_live_-a_b-c_d-e_f-g_h-i_j-k_l-m_n-o',
      'pk_sandbox_abcDEF0123456789',
    ]) {
      expect(designTokensQuery.safeParse({ publishableKey: key }).success).toBe(true);
    }
    for (let i = 0; i < 200; i += 1) {
      const issued = `pk_test_${randomBytes(24).toString('base64url')}`;
      expect(designTokensQuery.safeParse({ publishableKey: issued }).success).toBe(true);
    }
  });

  it('refuses what is not a publishable key', () => {
    for (const key of [
      'sk_test_abcdefghijkl',
      'pk_prod_abcdefghijkl',
      'pk_test_short',
      'pk_test_abc def ghijkl',
      'pk_test_abcdefgh/ijkl',
    ]) {
      expect(designTokensQuery.safeParse({ publishableKey: key }).success).toBe(false);
    }
  });
});
