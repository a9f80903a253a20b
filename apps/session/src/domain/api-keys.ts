import { createHash, randomBytes } from 'node:crypto';
import type { EnvironmentName } from './environment';

export type KeyKind = 'secret' | 'publishable';

export interface IssuedKey {
  kind: KeyKind;
  environment: EnvironmentName;
  /** The whole key; a secret key is shown once and never stored. */
  value: string;
  /** Enough characters to recognise the key in a list. */
  prefix: string;
}

const KEY_PATTERN = /^(sk|pk)_(test|sandbox|live)_([A-Za-z0-9_-]{32})$/;

/** `sk_<env>_` / `pk_<env>_` followed by 24 random bytes (192 bits) in base64url. */
export function issueKey(kind: KeyKind, environment: EnvironmentName): IssuedKey {
  const value = `${kind === 'secret' ? 'sk' : 'pk'}_${environment}_${randomBytes(24).toString('base64url')}`;
  return { kind, environment, value, prefix: value.slice(0, value.indexOf('_', 3) + 5) };
}

export function parseKey(value: string): { kind: KeyKind; environment: EnvironmentName } | null {
  const match = KEY_PATTERN.exec(value);
  if (!match) return null;
  return { kind: match[1] === 'sk' ? 'secret' : 'publishable', environment: match[2] as EnvironmentName };
}

/**
 * Secret keys are looked up by their SHA-256 digest: the database never holds a usable key, and
 * lookup by digest means no secret-dependent string comparison happens in our code.
 */
export function hashSecretKey(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
