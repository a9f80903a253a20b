import sharp from 'sharp';
import { type RgbImage } from './types';

/** Refuses decompression bombs before decoding (same limit as @kyc/image-intake). */
export const MAX_DECODE_PIXELS = 40_000_000;

export type DecodeFailure = 'empty' | 'undecodable' | 'too_large';

/**
 * Decodes any format sharp reads to upright 8-bit sRGB: EXIF orientation applied (as cv2.imread
 * does, which upstream used), alpha dropped, greyscale expanded to three channels and 16-bit
 * samples reduced to 8 bits, so every later step sees one layout.
 */
export async function decodeToRgb(bytes: Uint8Array): Promise<{ ok: true; image: RgbImage } | { ok: false; failure: DecodeFailure }> {
  if (bytes.length === 0) return { ok: false, failure: 'empty' };
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_DECODE_PIXELS, failOn: 'truncated' })
      .rotate()
      .toColourspace('srgb')
      .removeAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) return { ok: false, failure: 'undecodable' };
    return { ok: true, image: { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) } };
  } catch (error) {
    return { ok: false, failure: /pixel limit/i.test(String((error as Error).message)) ? 'too_large' : 'undecodable' };
  }
}
