import sharp from 'sharp';
import { type RgbImage } from './types';

/** Refuses decompression bombs before decoding (same limit as @kyc/image-intake). */
export const MAX_DECODE_PIXELS = 40_000_000;

/**
 * Larger frames are reduced to this longest side while decoding (JPEG shrink-on-load makes that
 * cheap). Upstream's models were trained on phone-preview-sized frames, their 80×80 crops come
 * from a face a few hundred pixels wide at most, and a 12-MP selfie would otherwise cost far more
 * than the latency budget in decoding and pixel loops alone.
 */
export const MAX_ANALYSIS_SIDE = 1280;

export type DecodeFailure = 'empty' | 'undecodable' | 'too_large';

export interface DecodedForAnalysis {
  image: RgbImage;
  /** Analysis pixels per original (upright) pixel: 1, or < 1 when the frame was reduced. */
  scale: number;
}

/**
 * Decodes any format sharp reads to upright 8-bit sRGB: EXIF orientation applied (as cv2.imread
 * does, which upstream used), alpha dropped, greyscale expanded to three channels and 16-bit
 * samples reduced to 8 bits, so every later step sees one layout.
 */
export async function decodeToRgb(bytes: Uint8Array): Promise<({ ok: true } & DecodedForAnalysis) | { ok: false; failure: DecodeFailure }> {
  if (bytes.length === 0) return { ok: false, failure: 'empty' };
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_DECODE_PIXELS, failOn: 'truncated' });
    const metadata = await input.metadata();
    const swapsSides = (metadata.orientation ?? 1) >= 5;
    const uprightWidth = swapsSides ? metadata.height : metadata.width;
    let pipeline = input.rotate();
    if (uprightWidth && Math.max(metadata.width ?? 0, metadata.height ?? 0) > MAX_ANALYSIS_SIDE) {
      pipeline = pipeline.resize({ width: MAX_ANALYSIS_SIDE, height: MAX_ANALYSIS_SIDE, fit: 'inside' });
    }
    const { data, info } = await pipeline.toColourspace('srgb').removeAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) return { ok: false, failure: 'undecodable' };
    return {
      ok: true,
      image: { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) },
      scale: uprightWidth ? info.width / uprightWidth : 1,
    };
  } catch (error) {
    return { ok: false, failure: /pixel limit/i.test(String((error as Error).message)) ? 'too_large' : 'undecodable' };
  }
}
