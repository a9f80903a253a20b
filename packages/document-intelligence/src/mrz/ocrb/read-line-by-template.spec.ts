import { existsSync, readFileSync } from 'node:fs';
import * as opentype from 'opentype.js';
import sharp from 'sharp';
import { type OrientedBox } from '../../ocr/oriented-box';
import { OCRB_FONT, renderOcrbTemplates } from './build-ocrb-templates';
import { OCRB_TEMPLATES_BASE64 } from './ocrb-templates';
import { type GreyStrip, readLineByTemplate } from './read-line-by-template';
import { readMrz } from '../read-mrz';
import { MIN_CHARACTER_SCORE, readMrzRegionsByTemplate } from './read-mrz-regions';

const describeWithFont = existsSync(OCRB_FONT) ? describe : describe.skip;
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

function ocrb(): opentype.Font {
  const bytes = readFileSync(OCRB_FONT);
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/**
 * SVG of MRZ lines at a pitch that may shrink along the line (`shrink` = last pitch / first pitch, as a
 * camera held at an angle shows it), each glyph centred in its cell and scaled with the pitch.
 */
function mrzSvg(lines: string[], options: { pitch?: number; shrink?: number; width?: number; height?: number } = {}): string {
  const font = ocrb();
  const pitch = options.pitch ?? 26;
  const shrink = options.shrink ?? 1;
  const width = options.width ?? Math.round(pitch * 46);
  const height = options.height ?? 60 + lines.length * 50;
  let paths = '';
  lines.forEach((line, row) => {
    let x = 30;
    for (let i = 0; i < line.length; i += 1) {
      const local = pitch * (1 + ((shrink - 1) * i) / (line.length - 1));
      const size = local * 1.45;
      const glyphWidth = font.getAdvanceWidth(line[i], size);
      paths += font.getPath(line[i], x + (local - glyphWidth) / 2, 60 + row * 50, size).toPathData(2);
      x += local;
    }
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f1ea"/><path d="${paths}" fill="#151515"/></svg>`;
}

async function greyStrip(svg: string): Promise<GreyStrip> {
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().blur(0.6).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

describeWithFont('OCR-B templates', () => {
  it('are the committed ones (npm run mrz:templates regenerates them from the font)', async () => {
    expect((await renderOcrbTemplates()).toString('base64')).toBe(OCRB_TEMPLATES_BASE64);
  });
});

describeWithFont('readLineByTemplate', () => {
  it('reads a TD3 line exactly, every character firmly', async () => {
    const reading = readLineByTemplate(await greyStrip(mrzSvg([TD3[1]], { height: 80 })), [30, 36, 44]);
    expect(reading?.text).toBe(TD3[1]);
    expect(Math.min(...(reading?.scores ?? [0]))).toBeGreaterThan(0.8);
  });

  it('reads a line of capitals only (a lower band top) and chooses the line length from the pitch', async () => {
    const reading = readLineByTemplate(await greyStrip(mrzSvg([TD3[0]], { height: 80 })), [30, 36, 44]);
    expect(reading?.text).toBe(TD3[0]);
    const td1 = 'I<UTOD231458907<<<<<<<<<<<<<<<';
    expect(readLineByTemplate(await greyStrip(mrzSvg([td1], { height: 80, width: 900 })), [30, 36, 44])?.text).toBe(td1);
  });

  it('follows a pitch that shrinks by a fifth along the line (perspective)', async () => {
    const reading = readLineByTemplate(await greyStrip(mrzSvg([TD3[1]], { height: 80, shrink: 0.8 })), [30, 36, 44]);
    // Exact but for O/0-like pairs, which the MRZ field types settle.
    expect(reading?.text.replace(/O/g, '0')).toBe(TD3[1].replace(/O/g, '0'));
    expect(Math.min(...(reading?.scores ?? [0]))).toBeGreaterThan(MIN_CHARACTER_SCORE);
    const mrz = readMrz([TD3[0], reading?.text ?? ''], { now: new Date('2010-01-01T00:00:00Z') });
    expect(mrz.ok && mrz.reading.valid && mrz.reading.lines[1]).toBe(TD3[1]);
  });

  it('matches ordinary print only weakly', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="80"><rect width="100%" height="100%" fill="#fff"/>` +
      `<text x="20" y="55" font-family="DejaVu Sans" font-size="40" fill="#111">Staatsangehörigkeit / Nationality ÖSTERREICH</text></svg>`;
    const reading = readLineByTemplate(await greyStrip(svg), [30, 36, 44]);
    if (reading) expect(Math.min(...reading.scores)).toBeLessThan(MIN_CHARACTER_SCORE);
  });
});

describeWithFont('readMrzRegionsByTemplate', () => {
  const now = new Date('2010-01-01T00:00:00Z');

  async function pageWith(lines: string[]) {
    const { data, info } = await sharp(Buffer.from(mrzSvg(lines))).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const image = { data, width: info.width, height: info.height };
    const regions: OrientedBox[] = lines.map((_, row) => ({ cx: info.width / 2, cy: 60 + row * 50 - 13, length: info.width - 20, thickness: 44, angle: 0 }));
    return { image, regions };
  }

  it('returns both lines of a valid MRZ by region', async () => {
    const { image, regions } = await pageWith(TD3);
    const readings = await readMrzRegionsByTemplate(image, regions, now);
    expect([...readings.keys()]).toEqual([0, 1]);
    const mrz = readMrz([...readings.values()].map((r) => r.text), { now });
    expect(mrz.ok && mrz.reading.valid && mrz.reading.lines).toEqual(TD3);
  });

  it('returns nothing when a check digit fails, leaving the lines to the recogniser', async () => {
    const tampered = [TD3[0], `${TD3[1].slice(0, 9)}7${TD3[1].slice(10)}`];
    const { image, regions } = await pageWith(tampered);
    expect((await readMrzRegionsByTemplate(image, regions, now)).size).toBe(0);
  });
});
