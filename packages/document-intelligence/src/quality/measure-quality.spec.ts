import sharp from 'sharp';
import { type RgbImage } from '../ocr/types';
import { judgeQuality, measureQuality } from './measure-quality';

/**
 * A photographed page in grey levels [low, high]: dark table on the left, paper, and on the paper a block of dark
 * strokes like printed text (2-px vertical bars every 6 px).
 */
function printedBars(width: number, height: number, low: number, high: number, blurRadius = 0): RgbImage {
  const row = new Float32Array(width);
  for (let x = 0; x < width; x += 1) row[x] = x < width / 6 || (x > width / 3 && x < (2 * width) / 3 && x % 6 < 2) ? low : high;
  const smooth = new Float32Array(width);
  for (let x = 0; x < width; x += 1) {
    let sum = 0,
      n = 0;
    for (let k = -blurRadius; k <= blurRadius; k += 1)
      if (x + k >= 0 && x + k < width) {
        sum += row[x + k];
        n += 1;
      }
    smooth[x] = sum / n;
  }
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) data.fill(Math.round(smooth[x]), (y * width + x) * 3, (y * width + x) * 3 + 3);
  return { data, width, height };
}

describe('measureQuality blur', () => {
  it('judges sharp print photographed in dim light as sharp, not blurred (exposure is not focus)', async () => {
    const bright = await measureQuality(printedBars(640, 400, 20, 230), 640, 400);
    const dim = await measureQuality(printedBars(640, 400, 8, 70), 640, 400);
    expect(dim.brightness).toBeLessThan(60);
    expect(dim.blur).toBeGreaterThan(bright.blur * 0.5);
    expect(judgeQuality(dim).reasons.filter((r) => r.startsWith('blurred'))).toEqual([]);
  });

  it('still judges print out of focus (Gaussian σ 4) as blurred, bright or dim', async () => {
    for (const [low, high] of [
      [20, 230],
      [8, 70],
    ]) {
      const sharpBars = printedBars(640, 400, low, high);
      const raw = { raw: { width: 640, height: 400, channels: 3 as const } };
      const data = await sharp(sharpBars.data, raw).blur(4).raw().toBuffer();
      const smeared = await measureQuality({ data, width: 640, height: 400 }, 640, 400);
      expect(judgeQuality(smeared).reasons).toContainEqual(expect.stringMatching(/^blurred/));
    }
  });
});

describe('measureQuality colour', () => {
  /** Pale tinted paper (spread 24 between channels) with grey print, and the same page photographed in dim light. */
  const tintedPage = (scale: number): RgbImage => {
    const bars = printedBars(640, 400, 20, 230);
    const data = Buffer.from(bars.data);
    for (let i = 0; i < data.length; i += 3) {
      if (data[i] < 200) continue;
      data[i] = 230;
      data[i + 1] = 218;
      data[i + 2] = 206;
    }
    for (let i = 0; i < data.length; i += 1) data[i] = Math.round(data[i] * scale);
    return { data, width: bars.width, height: bars.height };
  };

  it('sees the colour of a tinted page in dim light, and none on a grey copy however dim', async () => {
    const bright = await measureQuality(tintedPage(1), 640, 400);
    const dim = await measureQuality(tintedPage(0.3), 640, 400);
    expect(bright.colourfulShare).toBeGreaterThan(0.3);
    expect(dim.colourfulShare).toBeGreaterThan(0.3);
    for (const [low, high] of [
      [20, 230],
      [8, 70],
    ])
      expect((await measureQuality(printedBars(640, 400, low, high), 640, 400)).colourfulShare).toBe(0);
  });

  /** A white glare spot over a quarter of the page's width, as a flash or lamp leaves on laminate. */
  const withGlare = (image: RgbImage): RgbImage => {
    const data = Buffer.from(image.data);
    for (let y = 120; y < 280; y += 1)
      for (let x = 240; x < 400; x += 1) data.fill(255, (y * image.width + x) * 3, (y * image.width + x) * 3 + 3);
    return { ...image, data };
  };

  it('sees the colour of a dim tinted page beside a glare spot, which stretches the grey range to full', async () => {
    const dimWithGlare = await measureQuality(withGlare(tintedPage(0.3)), 640, 400);
    expect(dimWithGlare.colourfulShare).toBeGreaterThan(0.3);
    const greyWithGlare = await measureQuality(withGlare(printedBars(640, 400, 8, 70)), 640, 400);
    expect(greyWithGlare.colourfulShare).toBe(0);
  });
});

describe('measureQuality glare', () => {
  /** A white glare spot (half the width, three quarters of the height) over the page's middle, as a lamp leaves on laminate. */
  const withSpot = (image: RgbImage): RgbImage => {
    const data = Buffer.from(image.data);
    for (let y = 50; y < 350; y += 1)
      for (let x = 160; x < 480; x += 1) data.fill(255, (y * image.width + x) * 3, (y * image.width + x) * 3 + 3);
    return { ...image, data };
  };

  it('counts a highlight standing above the page white of an ordinary exposure, and asks for a retake', async () => {
    const lit = await measureQuality(withSpot(printedBars(640, 400, 20, 220)), 640, 400);
    expect(lit.glare).toBeGreaterThan(0.3);
    expect(judgeQuality(lit).reasons).toContainEqual(expect.stringMatching(/^glare/));
  });

  it('does not take the white paper of a bright exposure, clipped around its print, for glare', async () => {
    // The same page photographed ×1.15: paper at 253, print still dark; a person reads it as before.
    const bright = await measureQuality(printedBars(640, 400, 23, 253), 640, 400);
    expect(bright.glare).toBe(0);
    expect(judgeQuality(bright).tooLow).toBe(false);
  });
});
