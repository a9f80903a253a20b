import { ErrorCode, KycError } from '@kyc/errors';
import { type SealedValue, SealingKeyRing, UnsealError, parseSealingKey } from '@kyc/persistence';

/** A stored document image or proof-of-address file, as sealed by the key ring. */
export type SealedImage = SealedValue;

/**
 * Encrypts document images at rest (AES-256-GCM, see SealingKeyRing) with the key ring of
 * DOCUMENT_ENCRYPTION_KEY (current) and DOCUMENT_ENCRYPTION_PREVIOUS_KEYS (open only, while a
 * rotation re-seals: ImageKeyRotation). The caller passes a context (session and side) that is
 * bound as additional authenticated data: a ciphertext copied onto another session's row does not open.
 */
export class ImageCipher {
  private readonly ring: SealingKeyRing;

  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    // The purpose string is part of every stored image's keyId: it must not change.
    this.ring = new SealingKeyRing('kyc-document-image-key', current, previous);
  }

  /** The id of the key new images are sealed with. */
  get keyId(): string {
    return this.ring.currentKeyId;
  }

  seal(plaintext: Buffer, context: string): SealedImage {
    return this.ring.seal(plaintext, context);
  }

  /** The ids of the keys that only open (DOCUMENT_ENCRYPTION_PREVIOUS_KEYS). */
  get previousKeyIds(): string[] {
    return this.ring.keyIds.slice(1);
  }

  needsResealing(sealed: Pick<SealedImage, 'keyId'>): boolean {
    return this.ring.needsResealing(sealed);
  }

  /** Throws a KycError when the image was sealed with a key not in the ring or altered in any byte. */
  open(sealed: SealedImage, context: string): Buffer {
    try {
      return this.ring.open(sealed, context);
    } catch (error) {
      if (!(error instanceof UnsealError)) throw error;
      const message = {
        unknown_key:
          'A stored document image was sealed with another key (not in DOCUMENT_ENCRYPTION_KEY or DOCUMENT_ENCRYPTION_PREVIOUS_KEYS)',
        malformed: 'A stored document image is malformed',
        integrity: 'A stored document image failed its integrity check',
      }[error.reason];
      throw new KycError(ErrorCode.INTERNAL, message);
    }
  }
}

/**
 * DOCUMENT_ENCRYPTION_KEY: 32 bytes written as 64 hex characters or as base64/base64url (43–44
 * characters). Anything else is refused rather than stretched into a key.
 */
export const parseImageKey = parseSealingKey;
