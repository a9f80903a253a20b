import sharp from 'sharp';
import { boundsOf, type OrientedBox } from './oriented-box';
import { type Box, type RgbImage } from './types';

/**
 * Resamples an oriented region of an image into an upright `width` × `height` RGB strip with libvips: the
 * region's bounds are cut out, turned level (bilinear) when the region is tilted, and the level strip is
 * resized with libvips' default Lanczos kernel. The recogniser was tuned on Lanczos-resized crops; a plain
 * bilinear sampler blurred the word gaps enough to lose the spaces between words.
 *
 * The bounds are copied out in JavaScript and only that small crop is handed to libvips: a pipeline over the
 * whole page image cost ~8 ms CPU per strip (a page reads ~25 strips), the crop ~5 ms, with byte-identical
 * strips (libvips' extract is an exact copy of the same pixels).
 */
export async function sampleStrip(image: RgbImage, region: OrientedBox, width: number, height: number): Promise<Buffer> {
  const bounds = boundsOf(region, image.width, image.height);
  const crop = cropRgb(image, bounds);
  const source = sharp(crop, { raw: { width: bounds.width, height: bounds.height, channels: 3 } });
  if (region.angle === 0) {
    return source.resize(width, height, { fit: 'fill' }).raw().toBuffer();
  }
  const degrees = (region.angle * 180) / Math.PI;
  const { data, info } = await source
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

/** `sampleStrip` as grey (ITU-R 601 luma, as both MRZ readers were built on): one byte per pixel, row-major. */
export async function sampleGreyStrip(image: RgbImage, region: OrientedBox, width: number, height: number): Promise<Uint8Array> {
  const rgb = await sampleStrip(image, region, width, height);
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i += 1) grey[i] = Math.round(0.299 * rgb[3 * i] + 0.587 * rgb[3 * i + 1] + 0.114 * rgb[3 * i + 2]);
  return grey;
}

/** The pixels of `box` (inside the image) as their own packed RGB buffer. */
export function cropRgb(image: RgbImage, box: Box): Buffer {
  const rowBytes = box.width * 3;
  const out = Buffer.allocUnsafe(rowBytes * box.height);
  for (let row = 0; row < box.height; row += 1) {
    const start = ((box.y + row) * image.width + box.x) * 3;
    out.set(image.data.subarray(start, start + rowBytes), row * rowBytes);
  }
  return out;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
