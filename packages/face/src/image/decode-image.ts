import sharp from 'sharp';
import { type RgbImage } from './rgb-image';

/**
 * Decodes an upload into 8-bit sRGB pixels: EXIF orientation applied, greyscale expanded to three
 * channels, 16-bit reduced to 8, alpha dropped. Very large images are reduced so the longer side
 * is at most MAX_WORKING_SIDE (a face large enough to matter survives that, and the cost stays
 * bounded); images over MAX_INPUT_PIXELS are refused before decoding (decompression bombs).
 */

export const MAX_WORKING_SIDE = 2048;
export const MAX_INPUT_PIXELS = 50_000_000;
export const MIN_IMAGE_SIDE = 32;

export type DecodeResult =
  | { kind: 'image'; image: RgbImage; originalWidth: number; originalHeight: number }
  | { kind: 'invalid_image'; reason: 'undecodable' | 'too_small' | 'too_large'; detail: string };

export async function decodeImage(input: Buffer): Promise<DecodeResult> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    return { kind: 'invalid_image', reason: 'undecodable', detail: (error as Error).message };
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > MAX_INPUT_PIXELS) {
    return { kind: 'invalid_image', reason: 'too_large', detail: `${width}x${height} exceeds ${MAX_INPUT_PIXELS} pixels` };
  }
  if (Math.min(width, height) < MIN_IMAGE_SIDE) {
    return { kind: 'invalid_image', reason: 'too_small', detail: `${width}x${height} is below ${MIN_IMAGE_SIDE} pixels on a side` };
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_WORKING_SIDE, height: MAX_WORKING_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .removeAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) return { kind: 'invalid_image', reason: 'undecodable', detail: `${info.channels} channels after conversion` };
    return {
      kind: 'image',
      image: { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) },
      originalWidth: width,
      originalHeight: height,
    };
  } catch (error) {
    return { kind: 'invalid_image', reason: 'undecodable', detail: (error as Error).message };
  }
}
