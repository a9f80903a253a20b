import sharp from 'sharp';
import { type RgbImage } from '../ocr/types';

export type DecodeResult = { ok: true; image: RgbImage; originalWidth: number; originalHeight: number } | { ok: false; detail: string };

/** Images larger than this on their long side are scaled down before analysis (OCR works at ≤ 960 px anyway). */
const MAX_WORKING_SIDE = 2000;
/** sharp refuses to decode more pixels than this (decompression bombs). */
const PIXEL_LIMIT = 100_000_000;

/**
 * Any input sharp can read (JPEG, PNG, WebP, TIFF; CMYK, 16-bit, alpha, EXIF orientation) → 8-bit sRGB.
 * Never throws: an undecodable buffer is a typed failure.
 */
export async function decodeImage(input: Buffer): Promise<DecodeResult> {
  try {
    const pipeline = sharp(input, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' }).rotate();
    const meta = await sharp(input, { limitInputPixels: PIXEL_LIMIT }).metadata();
    const { data, info } = await pipeline
      .resize({ width: MAX_WORKING_SIDE, height: MAX_WORKING_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .removeAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) return { ok: false, detail: `decoded to ${info.channels} channels` };
    return {
      ok: true,
      image: { data, width: info.width, height: info.height },
      originalWidth: meta.width ?? info.width,
      originalHeight: meta.height ?? info.height,
    };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}
