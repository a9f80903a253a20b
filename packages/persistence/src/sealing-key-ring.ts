import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of one kind of stored data (document images, face embeddings) with a key
 * ring: AES-256-GCM, a fresh 96-bit IV per value (the size GCM is specified for), a 128-bit tag,
 * and a caller context bound as additional authenticated data (a value copied onto another row
 * does not open). Each sealed value carries its `keyId`; values are sealed with the current key
 * and opened with whichever key of the ring sealed them, so a key rotates: the new key becomes
 * current, the old one stays in the ring until every value was re-sealed (`needsResealing`).
 */
const ALGORITHM = 'aes-256-gcm';
export const SEALING_KEY_BYTES = 32;
const IV_BYTES = 12;
const AUTH_TAG_BYTES = 16;

export interface SealedValue {
  iv: Buffer;
  authTag: Buffer;
  ciphertext: Buffer;
  /** Which key sealed it (a fingerprint, never the key itself). */
  keyId: string;
}

export type UnsealFailure = 'unknown_key' | 'malformed' | 'integrity';

/** Why a stored value did not open; callers turn it into their own error. */
export class UnsealError extends Error {
  constructor(readonly reason: UnsealFailure) {
    super(
      reason === 'unknown_key'
        ? 'sealed with a key that is not in the key ring'
        : reason === 'malformed'
          ? 'malformed sealed value'
          : 'failed its integrity check',
    );
    this.name = 'UnsealError';
  }
}

export class SealingKeyRing {
  readonly currentKeyId: string;
  private readonly keys = new Map<string, Buffer>();

  /**
   * `purpose` separates the fingerprints of the kinds of data (the same key bytes used for two
   * purposes get two ids). `previous`: keys that only open, during a rotation.
   */
  constructor(
    private readonly purpose: string,
    current: Buffer,
    previous: readonly Buffer[] = [],
  ) {
    for (const key of [current, ...previous]) {
      if (key.length !== SEALING_KEY_BYTES) throw new Error(`a ${purpose} must be ${SEALING_KEY_BYTES} bytes`);
      this.keys.set(this.fingerprint(key), key);
    }
    this.currentKeyId = this.fingerprint(current);
  }

  /** The ids of every key in the ring, the current one first. */
  get keyIds(): string[] {
    return [this.currentKeyId, ...[...this.keys.keys()].filter((id) => id !== this.currentKeyId)];
  }

  seal(plaintext: Buffer, context: string): SealedValue {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.keys.get(this.currentKeyId)!, iv, { authTagLength: AUTH_TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { iv, authTag: cipher.getAuthTag(), ciphertext, keyId: this.currentKeyId };
  }

  /** Throws an UnsealError when the key is not in the ring or a byte was altered. */
  open(sealed: SealedValue, context: string): Buffer {
    const key = this.keys.get(sealed.keyId);
    if (!key) throw new UnsealError('unknown_key');
    if (sealed.iv.length !== IV_BYTES || sealed.authTag.length !== AUTH_TAG_BYTES) throw new UnsealError('malformed');
    try {
      const decipher = createDecipheriv(ALGORITHM, key, sealed.iv, { authTagLength: AUTH_TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(sealed.authTag);
      return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
    } catch {
      throw new UnsealError('integrity');
    }
  }

  /** Whether the value was sealed with a key other than the current one (a rotation re-seals it). */
  needsResealing(sealed: Pick<SealedValue, 'keyId'>): boolean {
    return sealed.keyId !== this.currentKeyId;
  }

  private fingerprint(key: Buffer): string {
    // A one-way fingerprint of a 256-bit random key reveals nothing usable about it.
    return createHash('sha256').update(`${this.purpose}\0`).update(key).digest('hex').slice(0, 16);
  }
}

/**
 * A 32-byte key written as 64 hex characters or as base64/base64url (43–44 characters). Anything
 * else is refused rather than stretched into a key.
 */
export function parseSealingKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(value) || /^[A-Za-z0-9_-]{43}$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === SEALING_KEY_BYTES ? key : null;
  }
  return null;
}

/** Comma-separated keys (the previous keys of a ring); empty text is no keys; null if one is not a key. */
export function parseSealingKeyList(text: string): Buffer[] | null {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const keys = entries.map(parseSealingKey);
  return keys.every((key): key is Buffer => key !== null) ? keys : null;
}
