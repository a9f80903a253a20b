import { randomBytes } from 'node:crypto';
import { SealingKeyRing, UnsealError, parseSealingKey, parseSealingKeyList } from './sealing-key-ring';

describe('SealingKeyRing (AES-256-GCM with a key ring)', () => {
  const value = randomBytes(2048);
  const context = 'session-1:front';

  it('opens what an earlier ring sealed once its key moved to the previous keys, and re-seals under the new key', () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = new SealingKeyRing('test-key', oldKey);
    const sealed = before.seal(value, context);

    const rotated = new SealingKeyRing('test-key', newKey, [oldKey]);
    expect(rotated.needsResealing(sealed)).toBe(true);
    expect(rotated.open(sealed, context).equals(value)).toBe(true);
    const resealed = rotated.seal(rotated.open(sealed, context), context);
    expect(resealed.keyId).toBe(rotated.currentKeyId);
    expect(resealed.keyId).not.toBe(sealed.keyId);
    expect(rotated.needsResealing(resealed)).toBe(false);
    expect(rotated.keyIds).toEqual([rotated.currentKeyId, before.currentKeyId]);

    // Once the old key leaves the ring, only the re-sealed value opens.
    const after = new SealingKeyRing('test-key', newKey);
    expect(after.open(resealed, context).equals(value)).toBe(true);
    expect(() => after.open(sealed, context)).toThrow(expect.objectContaining({ reason: 'unknown_key' }));
  });

  it('binds the context, and tells an altered value from an unknown key', () => {
    const ring = new SealingKeyRing('test-key', randomBytes(32));
    const sealed = ring.seal(value, context);
    expect(() => ring.open(sealed, 'session-2:front')).toThrow(expect.objectContaining({ reason: 'integrity' }));
    const tag = Buffer.from(sealed.authTag);
    tag[0] ^= 1;
    expect(() => ring.open({ ...sealed, authTag: tag }, context)).toThrow(UnsealError);
    expect(() => ring.open({ ...sealed, iv: sealed.iv.subarray(1) }, context)).toThrow(expect.objectContaining({ reason: 'malformed' }));
  });

  it('gives the same key different ids for different purposes', () => {
    const key = randomBytes(32);
    expect(new SealingKeyRing('a', key).currentKeyId).not.toBe(new SealingKeyRing('b', key).currentKeyId);
  });

  it('parses key lists and refuses a list with one bad entry', () => {
    const a = randomBytes(32);
    const b = randomBytes(32);
    expect(parseSealingKeyList('')).toEqual([]);
    expect(parseSealingKeyList(`${a.toString('base64')}, ${b.toString('hex')}`)).toEqual([a, b]);
    expect(parseSealingKeyList(`${a.toString('base64')},not-a-key`)).toBeNull();
    expect(parseSealingKey(randomBytes(16).toString('hex'))).toBeNull();
  });
});
