import { ErrorCode } from '@kyc/errors';
import { MAX_IMAGE_BYTES } from '@kyc/image-intake';
import { decodeBase64Image } from './base64-image';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = Buffer.concat([PNG_SIGNATURE, Buffer.from('rest of the image')]);

describe(decodeBase64Image.name, () => {
  const codeOf = (encoded: string) => {
    try {
      decodeBase64Image(encoded);
      return 'accepted';
    } catch (error) {
      return (error as { code: string }).code;
    }
  };

  it('decodes plain base64, a data URL and line-wrapped base64 to the same bytes', () => {
    const encoded = png.toString('base64');
    expect(decodeBase64Image(encoded)).toEqual(png);
    expect(decodeBase64Image(`data:image/png;base64,${encoded}`)).toEqual(png);
    expect(decodeBase64Image(encoded.replace(/(.{8})/g, '$1\n'))).toEqual(png);
  });

  it('refuses empty, mangled or non-image input as KYC_006', () => {
    expect(codeOf('')).toBe(ErrorCode.IMAGE_INVALID);
    expect(codeOf(`${png.toString('base64').slice(0, -4)}!!!!`)).toBe(ErrorCode.IMAGE_INVALID);
    expect(codeOf(png.toString('base64url').replace(/=+$/, '').concat('-_'))).toBe(ErrorCode.IMAGE_INVALID);
    expect(codeOf(Buffer.from('GIF89a not accepted').toString('base64'))).toBe(ErrorCode.IMAGE_INVALID);
  });

  it('refuses an image over 10 MB', () => {
    const big = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(MAX_IMAGE_BYTES)]);
    expect(codeOf(big.toString('base64'))).toBe(ErrorCode.IMAGE_INVALID);
  });
});
