import sharp from 'sharp';
import { boundsOf, type OrientedBox } from './oriented-box';
import { type RgbImage } from './types';

/**
 * Resamples an oriented region of an image into an upright `width` × `height` RGB strip with libvips: the
 * region's bounds are cut out, turned level (bilinear) when the region is tilted, and the level strip is
 * resized with libvips' default Lanczos kernel. The recogniser was tuned on Lanczos-resized crops; a plain
 * bilinear sampler blurred the word gaps enough to lose the spaces between words.
 */
export async function sampleStrip(source: sharp.Sharp, image: RgbImage, region: OrientedBox, width: number, height: number): Promise<Buffer> {
  const bounds = boundsOf(region, image.width, image.height);
  if (region.angle === 0) {
    return source.clone().extract({ left: bounds.x, top: bounds.y, width: bounds.width, height: bounds.height }).resize(width, height, { fit: 'fill' }).raw().toBuffer();
  }
  const degrees = (region.angle * 180) / Math.PI;
  const { data, info } = await source
    .clone()
    .extract({ left: bounds.x, top: bounds.y, width: bounds.width, height: bounds.height })
    .rotate(-degrees, { background: { r: 255, g: 255, b: 255 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The region's centre, relative to its bounds, lands at the same offset from the centre of the rotated canvas.
  const offsetX = region.cx - (bounds.x + bounds.width / 2);
  const offsetY = region.cy - (bounds.y + bounds.height / 2);
  const cos = Math.cos(-region.angle);
  const sin = Math.sin(-region.angle);
  const centreX = info.width / 2 + cos * offsetX - sin * offsetY;
  const centreY = info.height / 2 + sin * offsetX + cos * offsetY;
  const left = clamp(Math.round(centreX - region.length / 2), 0, info.width - 1);
  const top = clamp(Math.round(centreY - region.thickness / 2), 0, info.height - 1);
  const stripWidth = clamp(Math.round(region.length), 1, info.width - left);
  const stripHeight = clamp(Math.round(region.thickness), 1, info.height - top);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .extract({ left, top, width: stripWidth, height: stripHeight })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
