import sharp from 'sharp';
import { boundsOf, type OrientedBox } from './oriented-box';
import { cropRgb, sampleStrip } from './sample-strip';
import { type RgbImage } from './types';

/** A page-sized image with structure everywhere (a wrong offset or row stride changes every strip). */
function patternedImage(width: number, height: number): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      data[i] = (x * 7 + y * 3) % 256;
      data[i + 1] = (x * y) % 251;
      data[i + 2] = ((x >> 3) ^ (y >> 2)) & 255;
    }
  }
  return { data, width, height };
}

/** The sampler as it was: the same libvips operations, run on a pipeline over the whole page image. */
async function wholeImageStrip(image: RgbImage, region: OrientedBox, width: number, height: number): Promise<Buffer> {
  const bounds = boundsOf(region, image.width, image.height);
  const page = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }).extract({
    left: bounds.x,
    top: bounds.y,
    width: bounds.width,
    height: bounds.height,
  });
  if (region.angle === 0) return page.resize(width, height, { fit: 'fill' }).raw().toBuffer();
  const { data, info } = await page
    .rotate((-region.angle * 180) / Math.PI, { background: { r: 255, g: 255, b: 255 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const offsetX = region.cx - (bounds.x + bounds.width / 2);
  const offsetY = region.cy - (bounds.y + bounds.height / 2);
  const cos = Math.cos(-region.angle);
  const sin = Math.sin(-region.angle);
  const left = Math.round(info.width / 2 + cos * offsetX - sin * offsetY - region.length / 2);
  const top = Math.round(info.height / 2 + sin * offsetX + cos * offsetY - region.thickness / 2);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .extract({ left, top, width: Math.round(region.length), height: Math.round(region.thickness) })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
}

describe('sampleStrip', () => {
  const image = patternedImage(640, 480);

  it('cuts the same strip from its own crop as libvips did from the whole page', async () => {
    const upright: OrientedBox = { cx: 321.4, cy: 200.2, length: 180, thickness: 30, angle: 0 };
    const atEdge: OrientedBox = { cx: 20, cy: 470, length: 90, thickness: 28, angle: 0 };
    for (const region of [upright, atEdge]) {
      const expected = await wholeImageStrip(image, region, 288, 48);
      expect(Buffer.compare(await sampleStrip(image, region, 288, 48), expected)).toBe(0);
    }
  });

  it('levels a tilted region from the crop of its bounds', async () => {
    const tilted: OrientedBox = { cx: 300, cy: 240, length: 260, thickness: 32, angle: 0.12 };
    const strip = await sampleStrip(image, tilted, 390, 48);
    expect(strip.length).toBe(390 * 48 * 3);
    expect(Buffer.compare(strip, await wholeImageStrip(image, tilted, 390, 48))).toBe(0);
  });

  it('copies exactly the bounds, row by row', () => {
    const crop = cropRgb(image, { x: 5, y: 7, width: 3, height: 2 });
    const pixel = (x: number, y: number) => [...image.data.subarray((y * image.width + x) * 3, (y * image.width + x) * 3 + 3)];
    expect([...crop]).toEqual([...pixel(5, 7), ...pixel(6, 7), ...pixel(7, 7), ...pixel(5, 8), ...pixel(6, 8), ...pixel(7, 8)]);
  });
});
