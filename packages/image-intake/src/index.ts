import sharp from 'sharp';
import { ErrorCode, KycError } from '@kyc/errors';

/** Document and selfie images: JPG or PNG, at most 10 MB (spec 4.4, part 8). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Decoding refuses more pixels than this, so a decompression bomb is a clean KYC_006, not an OOM. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export type ImageType = 'jpeg' | 'png';

/** The type by magic bytes; the file name and the declared content type are never trusted. */
export function sniffImageType(image: Buffer): ImageType | null {
  if (image.length >= 3 && image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (image.length >= 8 && png.every((byte, i) => image[i] === byte)) return 'png';
  return null;
}

/** The cheap checks, done before an image crosses to a service. */
export function assertAcceptableUpload(image: Buffer): ImageType {
  if (image.length === 0) throw new KycError(ErrorCode.IMAGE_INVALID, 'The image is empty');
  if (image.length > MAX_IMAGE_BYTES) throw new KycError(ErrorCode.IMAGE_INVALID, 'The image is larger than 10 MB');
  const type = sniffImageType(image);
  if (!type) throw new KycError(ErrorCode.IMAGE_INVALID, 'The image must be a JPG or PNG');
  return type;
}

export interface DecodedImage {
  /** Re-encoded with EXIF orientation applied and every metadata block stripped. */
  image: Buffer;
  width: number;
  height: number;
  format: ImageType;
}

/**
 * Fully decodes the image under a pixel limit, failing on truncation, and re-encodes it so that
 * nothing hidden in the original (metadata, trailing bytes) survives.
 */
export async function decodeImage(input: Buffer): Promise<DecodedImage> {
  const format = assertAcceptableUpload(input);
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', sequentialRead: true }).rotate();
    const { data, info } = await (format === 'png' ? pipeline.png() : pipeline.jpeg({ quality: 92 })).toBuffer({ resolveWithObject: true });
    return { image: data, width: info.width, height: info.height, format };
  } catch (error) {
    const reason = /pixel limit/i.test(String((error as Error).message))
      ? 'The image has too many pixels'
      : 'The image could not be decoded';
    throw new KycError(ErrorCode.IMAGE_INVALID, reason);
  }
}
