import sharp from 'sharp';
import { type RgbImage } from '../ocr/types';

export async function rotateImage(image: RgbImage, degrees: 90 | 180 | 270): Promise<RgbImage> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .rotate(degrees)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
