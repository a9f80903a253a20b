import { randomBytes } from 'node:crypto';
import { ImageCipher, parseImageKey } from './image-cipher';

describe('ImageCipher (AES-256-GCM)', () => {
  const cipher = new ImageCipher(randomBytes(32));
  const image = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4096)]);
  const context = 'session-1:front';

  it('round-trips and hides the plaintext', () => {
    const sealed = cipher.seal(image, context);
    expect(sealed.iv).toHaveLength(12);
    expect(sealed.authTag).toHaveLength(16);
    expect(sealed.ciphertext.subarray(0, 3).equals(image.subarray(0, 3))).toBe(false);
    expect(cipher.open(sealed, context).equals(image)).toBe(true);
  });

  it('uses a fresh IV for every image', () => {
    const a = cipher.seal(image, context);
    const b = cipher.seal(image, context);
    expect(a.iv.equals(b.iv)).toBe(false);
    expect(a.ciphertext.equals(b.ciphertext)).toBe(false);
  });

  it.each([
    ['a ciphertext byte', (s: ReturnType<ImageCipher['seal']>) => ({ ...s, ciphertext: flip(s.ciphertext, 100) })],
    ['the auth tag', (s: ReturnType<ImageCipher['seal']>) => ({ ...s, authTag: flip(s.authTag, 0) })],
    ['the IV', (s: ReturnType<ImageCipher['seal']>) => ({ ...s, iv: flip(s.iv, 11) })],
  ])('rejects an image whose %s was altered', (_what, tamper) => {
    expect(() => cipher.open(tamper(cipher.seal(image, context)), context)).toThrow(expect.objectContaining({ code: 'INTERNAL' }));
  });

  it('rejects an image moved to another session or side', () => {
    const sealed = cipher.seal(image, context);
    expect(() => cipher.open(sealed, 'session-2:front')).toThrow(/integrity/);
    expect(() => cipher.open(sealed, 'session-1:back')).toThrow(/integrity/);
  });

  it('tells another key apart from tampering', () => {
    const sealed = cipher.seal(image, context);
    expect(() => new ImageCipher(randomBytes(32)).open(sealed, context)).toThrow(/another key/);
  });

  it('parses 32-byte keys in hex and base64 only', () => {
    const key = randomBytes(32);
    expect(parseImageKey(key.toString('hex'))?.equals(key)).toBe(true);
    expect(parseImageKey(key.toString('base64'))?.equals(key)).toBe(true);
    expect(parseImageKey(key.toString('base64url'))?.equals(key)).toBe(true);
    expect(parseImageKey(randomBytes(16).toString('hex'))).toBeNull();
    expect(parseImageKey(randomBytes(31).toString('base64'))).toBeNull();
    expect(parseImageKey('dev-only-not-a-key')).toBeNull();
  });
});

function flip(buffer: Buffer, index: number): Buffer {
  const copy = Buffer.from(buffer);
  copy[index] ^= 0x01;
  return copy;
}
