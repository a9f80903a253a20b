import { createHash, createHmac } from 'node:crypto';

/**
 * Duplicate keys: what the duplicate index and vault reuse compare people by (the e-mail, and the
 * normalised name + birth date read from the document). They are keyed, HMAC-SHA-256 under
 * DUPLICATE_KEY_SECRET, so a database dump cannot be searched by hashing a guessed e-mail or a
 * name and birth date (an unkeyed SHA-256 of either is found by a dictionary in seconds).
 *
 * The key is the HMAC of the input's SHA-256 digest, not of the input: the keys written before
 * (plain SHA-256, key version 0) are turned into the same keys in place with the secret alone
 * (`rekeyLegacyDuplicateKey`), with no personal data needed. Biometrics does the same for its rows.
 */
export const DUPLICATE_KEY_VERSION = 1;

export function rekeyLegacyDuplicateKey(secret: string, legacySha256Hex: string): string {
  return createHmac('sha256', secret).update(legacySha256Hex).digest('hex');
}

export function duplicateKey(secret: string, text: string): string {
  return rekeyLegacyDuplicateKey(secret, createHash('sha256').update(text).digest('hex'));
}
