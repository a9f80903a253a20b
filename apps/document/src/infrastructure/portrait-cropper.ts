import sharp from 'sharp';
import { portraitRegion } from '../domain/portrait-region';
import type { RecordedSide, RelativeBox } from '../domain/side-judgement';

/**
 * Cuts the portrait out of a stored side: the image is turned as the analysis turned it (the
 * box is relative to that), cropped with the margin and re-encoded as a JPEG. sharp writes no
 * metadata unless asked, so the crop carries none.
 */
export async function cropPortrait(image: Buffer, rotation: RecordedSide['rotation'], box: RelativeBox): Promise<Buffer | null> {
  const { data, info } = await sharp(image).rotate(rotation).raw().toBuffer({ resolveWithObject: true });
  const region = portraitRegion(box, info.width, info.height);
  if (!region) return null;
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .extract(region)
    .jpeg({ quality: 92 })
    .toBuffer();
}
