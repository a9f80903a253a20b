import { emailSearchHash } from './email-hash';

describe('the e-mail search key', () => {
  it('is the hex SHA-256 of the trimmed, lower-cased address, as the session service stores it', async () => {
    // sha256sum of the bytes "ana@example.com" (computed outside this code: printf %s ana@example.com | sha256sum).
    const expected = '8e43ca37701228e74983efdbd0cff5c16b3b1e5d4e29a7c05626d4d25a018e11';
    await expect(emailSearchHash('  Ana@Example.COM ')).resolves.toBe(expected);
  });

  it('takes a 64-hex value as a hash already, lower-cased', async () => {
    const hash = 'AB'.repeat(32);
    await expect(emailSearchHash(` ${hash} `)).resolves.toBe(hash.toLowerCase());
  });
});
