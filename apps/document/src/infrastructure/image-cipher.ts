import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { ErrorCode, KycError } from '@kyc/errors';

/** AES-256-GCM: a 256-bit key, a fresh 96-bit IV per image (the size GCM is specified for), a 128-bit tag. */
const ALGORITHM = 'aes-256-gcm';
export const KEY_BYTES = 32;
const IV_BYTES = 12;
const AUTH_TAG_BYTES = 16;

export interface SealedImage {
  iv: Buffer;
  authTag: Buffer;
  ciphertext: Buffer;
  /** Which key sealed it, so a key change is told apart from tampering (never the key itself). */
  keyId: string;
}

/**
 * Encrypts document images at rest. The caller passes a context (session and side) that is bound
 * as additional authenticated data: a ciphertext copied onto another session's row does not open.
 */
export class ImageCipher {
  readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`the image key must be ${KEY_BYTES} bytes`);
    // A one-way fingerprint of a 256-bit random key reveals nothing usable about it.
    this.keyId = createHash('sha256').update('kyc-document-image-key\0').update(key).digest('hex').slice(0, 16);
  }

  seal(plaintext: Buffer, context: string): SealedImage {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: AUTH_TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { iv, authTag: cipher.getAuthTag(), ciphertext, keyId: this.keyId };
  }

  /** Throws a KycError when the image was sealed with another key or altered in any byte. */
  open(sealed: SealedImage, context: string): Buffer {
    if (sealed.keyId !== this.keyId) throw new KycError(ErrorCode.INTERNAL, 'A stored document image was sealed with another key');
    if (sealed.iv.length !== IV_BYTES || sealed.authTag.length !== AUTH_TAG_BYTES)
      throw new KycError(ErrorCode.INTERNAL, 'A stored document image is malformed');
    try {
      const decipher = createDecipheriv(ALGORITHM, this.key, sealed.iv, { authTagLength: AUTH_TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(sealed.authTag);
      return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
    } catch {
      throw new KycError(ErrorCode.INTERNAL, 'A stored document image failed its integrity check');
    }
  }
}

/**
 * DOCUMENT_ENCRYPTION_KEY: 32 bytes written as 64 hex characters or as base64/base64url (43–44
 * characters). Anything else is refused rather than stretched into a key.
 */
export function parseImageKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(value) || /^[A-Za-z0-9_-]{43}$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === KEY_BYTES ? key : null;
  }
  return null;
}
