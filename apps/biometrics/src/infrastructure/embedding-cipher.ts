import { ErrorCode, KycError } from '@kyc/errors';
import { SealingKeyRing, UnsealError } from '@kyc/persistence';

/** A face embedding as stored: the ciphertext in `embedding`, its IV, tag and key id beside it. */
export interface StoredEmbedding {
  embedding: Buffer | null;
  embedding_iv: Buffer | null;
  embedding_auth_tag: Buffer | null;
  /** Null: a plaintext embedding from before encryption at rest, sealed by EmbeddingSealing. */
  embedding_key_id: string | null;
}

export interface SealedEmbedding {
  ciphertext: Buffer;
  iv: Buffer;
  authTag: Buffer;
  keyId: string;
}

/**
 * Face embeddings encrypted at rest (AES-256-GCM, SealingKeyRing) with the key ring of
 * BIOMETRICS_ENCRYPTION_KEY (current) and BIOMETRICS_ENCRYPTION_PREVIOUS_KEYS (open only, while
 * EmbeddingSealing re-seals). The session id is bound as additional authenticated data: an
 * embedding copied onto another session's row does not open. A candidate and the selfie it is
 * promoted to share the session id, so promotion moves the ciphertext as it is.
 */
export class EmbeddingCipher {
  private readonly ring: SealingKeyRing;
  /** The selfie image, kept for the reviewer's case view until the session's evidence is purged (issue 29). */
  private readonly imageRing: SealingKeyRing;

  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    // The purpose string is part of every stored embedding's keyId: it must not change.
    this.ring = new SealingKeyRing('kyc-face-embedding-key', current, previous);
    this.imageRing = new SealingKeyRing('kyc-selfie-image-key', current, previous);
  }

  /** The ids of the keys that only open selfie images (their own purpose, so their own ids). */
  get previousImageKeyIds(): string[] {
    return this.imageRing.keyIds.slice(1);
  }

  sealImage(image: Buffer, sessionId: string): SealedEmbedding {
    return this.imageRing.seal(image, `selfie-image:${sessionId}`);
  }

  /** The selfie image of a stored row; a KycError when it does not open (another key, altered bytes). */
  openImage(sealed: SealedEmbedding, sessionId: string): Buffer {
    try {
      return this.imageRing.open(sealed, `selfie-image:${sessionId}`);
    } catch (error) {
      if (!(error instanceof UnsealError)) throw error;
      throw new KycError(ErrorCode.INTERNAL, 'A stored selfie image did not open (another key, or altered)');
    }
  }

  get keyId(): string {
    return this.ring.currentKeyId;
  }

  /** The ids of the keys that only open (BIOMETRICS_ENCRYPTION_PREVIOUS_KEYS). */
  get previousKeyIds(): string[] {
    return this.ring.keyIds.slice(1);
  }

  seal(embedding: Float32Array, sessionId: string): SealedEmbedding {
    const sealed = this.ring.seal(Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength), context(sessionId));
    return { ciphertext: sealed.ciphertext, iv: sealed.iv, authTag: sealed.authTag, keyId: sealed.keyId };
  }

  /** The embedding of a stored row (null when the row has none); a KycError when it does not open. */
  open(row: StoredEmbedding, sessionId: string): Float32Array | null {
    if (!row.embedding) return null;
    if (row.embedding_key_id === null) return toFloats(row.embedding);
    try {
      return toFloats(
        this.ring.open(
          {
            ciphertext: row.embedding,
            iv: row.embedding_iv ?? Buffer.alloc(0),
            authTag: row.embedding_auth_tag ?? Buffer.alloc(0),
            keyId: row.embedding_key_id,
          },
          context(sessionId),
        ),
      );
    } catch (error) {
      if (!(error instanceof UnsealError)) throw error;
      throw new KycError(
        ErrorCode.INTERNAL,
        error.reason === 'unknown_key'
          ? 'A stored face embedding was sealed with another key (not in BIOMETRICS_ENCRYPTION_KEY or BIOMETRICS_ENCRYPTION_PREVIOUS_KEYS)'
          : 'A stored face embedding failed its integrity check',
      );
    }
  }
}

const context = (sessionId: string) => `face-embedding:${sessionId}`;

function toFloats(bytes: Buffer): Float32Array {
  return new Float32Array(new Uint8Array(bytes).buffer);
}
