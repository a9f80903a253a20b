import { resolvePersona } from './index';

describe(resolvePersona.name, () => {
  it('resolves the three personas by e-mail, case-insensitively', () => {
    expect(resolvePersona('alice.approved@example.com').outcome).toBe('approved');
    expect(resolvePersona(' BOB.approved@example.com ').extractedData.firstName).toBe('Bob');
    expect(resolvePersona('carol.rejected@example.com').outcome).toBe('rejected');
  });

  it('treats any other e-mail, or none, as the first approved persona', () => {
    expect(resolvePersona('someone@else.org').email).toBe('alice.approved@example.com');
    expect(resolvePersona(undefined).email).toBe('alice.approved@example.com');
  });
});
