import {
  hashOperatorToken,
  hashPassword,
  issueOperatorToken,
  looksLikeOperatorToken,
  normaliseOperatorEmail,
  passwordProblem,
  verifyPassword,
} from './operators';

describe('operator credentials', () => {
  it('issues 256-bit opk_ tokens that are stored as their SHA-256 digest', () => {
    const first = issueOperatorToken();
    const second = issueOperatorToken();
    expect(first.value).toMatch(/^opk_[A-Za-z0-9_-]{43}$/);
    expect(first.value).not.toBe(second.value);
    expect(first.prefix).toBe(first.value.slice(0, 10));
    expect(looksLikeOperatorToken(first.value)).toBe(true);
    expect(looksLikeOperatorToken(`adm_${'x'.repeat(43)}`)).toBe(false);
    expect(hashOperatorToken(first.value)).toHaveLength(32);
    expect(hashOperatorToken(first.value).equals(hashOperatorToken(second.value))).toBe(false);
  });

  it('hashes passwords with a salted scrypt and verifies only the same password', () => {
    const stored = hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(hashPassword('correct horse battery')).not.toBe(stored);
    expect(verifyPassword('correct horse battery', stored)).toBe(true);
    expect(verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(verifyPassword('correct horse battery', 'plain$text')).toBe(false);
  });

  it('normalises e-mail addresses and refuses short passwords', () => {
    expect(normaliseOperatorEmail('  Ana.Reviewer@Example.COM ')).toBe('ana.reviewer@example.com');
    expect(normaliseOperatorEmail('not an address')).toBeNull();
    expect(passwordProblem('short')).toMatch(/at least 12/);
    expect(passwordProblem('twelve chars')).toBeNull();
  });
});
