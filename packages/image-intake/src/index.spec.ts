import sharp from 'sharp';
import { ErrorCode } from '@kyc/errors';
import {
  MAX_IMAGE_BYTES,
  MAX_PROOF_OF_ADDRESS_BYTES,
  assertAcceptableProofOfAddress,
  assertAcceptableUpload,
  decodeImage,
  LOGO_BOX,
  normaliseLogo,
  sniffImageType,
  sniffProofOfAddressType,
} from './index';

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

describe('proof-of-address intake', () => {
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n', 'latin1');
  const refused = (reasonCode: string) => expect.objectContaining({ code: ErrorCode.IMAGE_INVALID, details: { reasonCode } });

  it('recognises a PDF by its header within the first 1024 bytes, and JPG and PNG by magic bytes', async () => {
    expect(sniffProofOfAddressType(pdf)).toBe('pdf');
    expect(sniffProofOfAddressType(Buffer.concat([Buffer.alloc(1000, 0x20), pdf]))).toBe('pdf');
    expect(sniffProofOfAddressType(Buffer.concat([Buffer.alloc(1024, 0x20), pdf]))).toBeNull();
    expect(sniffProofOfAddressType(await solid(8, 8).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffProofOfAddressType(await solid(8, 8).png().toBuffer())).toBe('png');
    expect(sniffProofOfAddressType(await solid(8, 8).gif().toBuffer())).toBeNull();
  });

  it('accepts a PDF, JPG or PNG whose declared type agrees or says nothing', async () => {
    const png = await solid(8, 8).png().toBuffer();
    expect(assertAcceptableProofOfAddress(pdf)).toBe('pdf');
    expect(assertAcceptableProofOfAddress(pdf, { contentType: 'application/pdf; name="bill.pdf"', fileName: 'Bill.PDF' })).toBe('pdf');
    expect(assertAcceptableProofOfAddress(pdf, { contentType: 'application/octet-stream', fileName: 'statement' })).toBe('pdf');
    expect(assertAcceptableProofOfAddress(pdf, { fileName: 'statement.2024-11' })).toBe('pdf');
    expect(assertAcceptableProofOfAddress(png, { contentType: 'image/png', fileName: 'bill.png' })).toBe('png');
    expect(assertAcceptableProofOfAddress(await solid(8, 8).jpeg().toBuffer(), { contentType: 'image/jpeg', fileName: 'bill.jpg' })).toBe(
      'jpeg',
    );
  });

  it('refuses empty, oversize and foreign files with a reason code', async () => {
    expect(() => assertAcceptableProofOfAddress(Buffer.alloc(0))).toThrow(refused('EMPTY_FILE'));
    const big = Buffer.alloc(MAX_PROOF_OF_ADDRESS_BYTES + 1);
    big.set(pdf);
    expect(() => assertAcceptableProofOfAddress(big)).toThrow(refused('FILE_TOO_LARGE'));
    const gif = await solid(8, 8).gif().toBuffer();
    expect(() => assertAcceptableProofOfAddress(gif)).toThrow(refused('UNSUPPORTED_TYPE'));
    expect(() => assertAcceptableProofOfAddress(Buffer.from('<html>not a bill</html>'), { fileName: 'bill.pdf' })).toThrow(
      refused('UNSUPPORTED_TYPE'),
    );
  });

  it('refuses a PNG renamed .pdf and a PDF sent as an image: the content decides, a contradiction is refused', async () => {
    const png = await solid(8, 8).png().toBuffer();
    expect(() => assertAcceptableProofOfAddress(png, { fileName: 'bill.pdf' })).toThrow(refused('DECLARED_TYPE_MISMATCH'));
    expect(() => assertAcceptableProofOfAddress(png, { contentType: 'application/pdf' })).toThrow(refused('DECLARED_TYPE_MISMATCH'));
    expect(() => assertAcceptableProofOfAddress(pdf, { contentType: 'image/png', fileName: 'bill.pdf' })).toThrow(
      refused('DECLARED_TYPE_MISMATCH'),
    );
    expect(() => assertAcceptableProofOfAddress(png, { contentType: 'image/png', fileName: 'bill.jpg' })).toThrow(
      refused('DECLARED_TYPE_MISMATCH'),
    );
    expect(() => assertAcceptableProofOfAddress(png, { fileName: 'bill.gif' })).toThrow(refused('DECLARED_TYPE_MISMATCH'));
    expect(() => assertAcceptableProofOfAddress(pdf, { contentType: 'text/plain' })).toThrow(refused('DECLARED_TYPE_MISMATCH'));
  });

  it('does not echo the file in its messages', () => {
    const secret = Buffer.from('%PDF-1.4 ACCOUNT 12345678', 'latin1');
    try {
      assertAcceptableProofOfAddress(secret, { contentType: 'image/png' });
      throw new Error('accepted');
    } catch (error) {
      expect((error as Error).message).not.toContain('12345678');
    }
  });
});

describe('branding logo intake', () => {
  it('fits a large logo into the box as a PNG without metadata, keeping its aspect', async () => {
    const logo = await normaliseLogo(await solid(1800, 300).withMetadata({ orientation: 1 }).jpeg().toBuffer());
    const meta = await sharp(logo).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
      format: 'png',
      width: LOGO_BOX.width,
      height: 100,
      exif: undefined,
    });
  });

  it('never enlarges a small logo', async () => {
    const meta = await sharp(await normaliseLogo(await solid(120, 40).png().toBuffer())).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 120, height: 40 });
  });

  it('refuses a bomb, a GIF and a file over 2 MB', async () => {
    await expect(normaliseLogo(await solid(8000, 8000).png({ compressionLevel: 9 }).toBuffer())).rejects.toEqual(invalid);
    await expect(normaliseLogo(await solid(8, 8).gif().toBuffer())).rejects.toEqual(invalid);
    const big = Buffer.alloc(2 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    await expect(normaliseLogo(big)).rejects.toEqual(invalid);
  });
});
