import sharp from 'sharp';
import { ErrorCode } from '@kyc/errors';
import { MAX_IMAGE_BYTES, assertAcceptableUpload, decodeImage, sniffImageType } from './index';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 120, g: 60, b: 30 } } });
const invalid = expect.objectContaining({ code: ErrorCode.IMAGE_INVALID });

describe('image intake', () => {
  it('recognises JPG and PNG by magic bytes only', async () => {
    expect(sniffImageType(await solid(8, 8).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await solid(8, 8).png().toBuffer())).toBe('png');
    expect(sniffImageType(await solid(8, 8).gif().toBuffer())).toBeNull();
    expect(sniffImageType(Buffer.from('hello, I am text'))).toBeNull();
  });

  it('rejects empty, oversize and foreign files', async () => {
    expect(() => assertAcceptableUpload(Buffer.alloc(0))).toThrow(invalid);
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(() => assertAcceptableUpload(big)).toThrow(invalid);
    const gif = await solid(8, 8).gif().toBuffer();
    expect(() => assertAcceptableUpload(gif)).toThrow(invalid);
  });

  it('decodes, applies EXIF orientation and strips metadata', async () => {
    const rotated = await solid(40, 20).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const decoded = await decodeImage(rotated);
    expect({ width: decoded.width, height: decoded.height }).toEqual({ width: 20, height: 40 });
    const meta = await sharp(decoded.image).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('rejects a truncated JPEG', async () => {
    const jpeg = await solid(400, 300).jpeg().toBuffer();
    await expect(decodeImage(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).rejects.toEqual(invalid);
  });

  it('rejects a decompression bomb without decoding it', async () => {
    const bomb = await solid(8000, 8000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
    await expect(decodeImage(bomb)).rejects.toEqual(invalid);
  });

  it('rejects garbage after valid magic bytes', async () => {
    await expect(
      decodeImage(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)])),
    ).rejects.toEqual(invalid);
  });
});
