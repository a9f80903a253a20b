import { readFileSync } from 'node:fs';
import * as opentype from 'opentype.js';
import sharp from 'sharp';
import { OCRB_FONT } from '../mrz/ocrb/build-ocrb-templates';
import { seededRandom } from './synthetic-mrz';

export interface OcrbPageOptions {
  /** Character pitch in pixels; lines are 1.9 pitches apart, glyphs 1.45 pitches in font size, as on a passport. */
  pitch: number;
  /** Standard deviation of additive Gaussian sensor noise per channel (0: none). */
  noiseSigma?: number;
  /** Seed of the noise, so a test sees the same pixels every run. */
  seed?: number;
  /** Gaussian smoothing applied after the noise, as a phone's noise reduction smooths grain and print alike (0: none). */
  smoothSigma?: number;
}

/**
 * A page holding only MRZ lines in OCR-B (needs the fonts-ocr-b file, OCRB_FONT), with optional seeded sensor
 * noise and smoothing, as PNG: for tests of how the MRZ is found and read in a noisy photo.
 */
export async function renderOcrbMrzPage(lines: string[], options: OcrbPageOptions): Promise<Buffer> {
  const bytes = readFileSync(OCRB_FONT);
  const font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const { pitch } = options;
  const width = Math.round(pitch * Math.max(...lines.map((l) => l.length)) + 120);
  const height = Math.round(width * 0.7);
  let paths = '';
  lines.forEach((line, row) => {
    const baseline = height - 60 - (lines.length - 1 - row) * pitch * 1.9;
    for (let i = 0; i < line.length; i += 1) {
      const size = pitch * 1.45;
      const glyphWidth = font.getAdvanceWidth(line[i], size);
      paths += font.getPath(line[i], 60 + i * pitch + (pitch - glyphWidth) / 2, baseline, size).toPathData(2);
    }
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#e9e4d8"/><path d="${paths}" fill="#1a1a1a"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (options.noiseSigma) addGaussianNoise(data, options.noiseSigma, seededRandom(options.seed ?? 1));
  const noisy = sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
  return (options.smoothSigma ? noisy.blur(options.smoothSigma) : noisy).png().toBuffer();
}

/** Box–Muller deviates from the seeded generator, added in place and clamped to 0–255. */
function addGaussianNoise(data: Buffer, sigma: number, random: () => number): void {
  for (let i = 0; i < data.length; i += 1) {
    const deviate = Math.sqrt(-2 * Math.log(Math.max(1e-9, random()))) * Math.cos(2 * Math.PI * random());
    data[i] = Math.max(0, Math.min(255, Math.round(data[i] + deviate * sigma)));
  }
}
