import { acceptedLogoUrl, acceptedVariables } from './design-tokens';

describe('design tokens on the page', () => {
  const tokens = {
    cssVariables: {
      '--kyc-primary': '#0b6e4f',
      '--kyc-radius': '4px',
      '--kyc-font': "Inter, 'Helvetica Neue', sans-serif",
      '--kyc-text': 'red; background: url(https://evil.example)',
      '--kyc-unknown': '#000000',
    },
    logoUrl: `/v1/public/branding/logos/${'0f'.repeat(32)}.png`,
  };

  it('keeps known variables with well-formed values and drops the rest', () => {
    expect(acceptedVariables(tokens)).toEqual([
      ['--kyc-primary', '#0b6e4f'],
      ['--kyc-radius', '4px'],
      ['--kyc-font', "Inter, 'Helvetica Neue', sans-serif"],
    ]);
  });

  it('applies nothing without tokens', () => {
    expect(acceptedVariables(null)).toEqual([]);
    expect(acceptedVariables({ cssVariables: null as never, logoUrl: null })).toEqual([]);
  });

  it('shows only our own content-addressed logo path', () => {
    expect(acceptedLogoUrl(tokens)).toBe(tokens.logoUrl);
    expect(acceptedLogoUrl({ ...tokens, logoUrl: 'https://evil.example/logo.png' })).toBeNull();
    expect(acceptedLogoUrl({ ...tokens, logoUrl: '/v1/public/branding/logos/../../x.png' })).toBeNull();
  });
});
