import { createHash } from 'node:crypto';
import { duplicateKey, rekeyLegacyDuplicateKey } from './duplicate-key';

const SECRET = 'k'.repeat(32);

describe('duplicate keys', () => {
  it('are not the plain SHA-256 of the input, and depend on the secret', () => {
    const plain = createHash('sha256').update('ada@example.com').digest('hex');
    expect(duplicateKey(SECRET, 'ada@example.com')).not.toBe(plain);
    expect(duplicateKey(SECRET, 'ada@example.com')).not.toBe(duplicateKey('s'.repeat(32), 'ada@example.com'));
    expect(duplicateKey(SECRET, 'ada@example.com')).toBe(duplicateKey(SECRET, 'ada@example.com'));
  });

  it('a legacy plain SHA-256 key re-keys to the key the input now gets', () => {
    const legacy = createHash('sha256').update('LOVELACE ADA|1815-12-10').digest('hex');
    expect(rekeyLegacyDuplicateKey(SECRET, legacy)).toBe(duplicateKey(SECRET, 'LOVELACE ADA|1815-12-10'));
  });
});
