import { readFileSync } from 'node:fs';
import * as opentype from 'opentype.js';
import sharp from 'sharp';
import { type OrientedBox } from '../../ocr/oriented-box';
import { OCRB_FONT, renderOcrbTemplates } from './build-ocrb-templates';
import { OCRB_TEMPLATES_BASE64 } from './ocrb-templates';
import { type GreyStrip, readLineByTemplate } from './read-line-by-template';
import { readMrz } from '../read-mrz';
import { greyStrip as greyStripOf, MIN_CHARACTER_SCORE, readMrzRegionsByTemplate, weakMarksAsFillers } from './read-mrz-regions';
import { TD1 as TD1_LAYOUT, TD3 as TD3_LAYOUT } from '../layouts';
import { withOcrbFont } from '../../testing/required-inputs';

const describeWithFont = withOcrbFont().describe;
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
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="80"><rect width="100%" height="100%" fill="#fff"/>` +
      `<text x="20" y="55" font-family="DejaVu Sans" font-size="40" fill="#111">Staatsangehörigkeit / Nationality ÖSTERREICH</text></svg>`;
    const reading = readLineByTemplate(await greyStrip(svg), [30, 36, 44]);
    if (reading) expect(Math.min(...reading.scores)).toBeLessThan(MIN_CHARACTER_SCORE);
  });
});

describeWithFont('readMrzRegionsByTemplate', () => {
  const now = new Date('2010-01-01T00:00:00Z');

  async function pageWith(lines: string[], overlay = '') {
    const svg = mrzSvg(lines).replace('</svg>', `${overlay}</svg>`);
    const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const image = { data, width: info.width, height: info.height };
    const regions: OrientedBox[] = lines.map((_, row) => ({
      cx: info.width / 2,
      cy: 60 + row * 50 - 13,
      length: info.width - 20,
      thickness: 44,
      angle: 0,
    }));
    return { image, regions };
  }

  it('returns both lines of a valid MRZ by region', async () => {
    const { image, regions } = await pageWith(TD3);
    const readings = await readMrzRegionsByTemplate(image, regions, now);
    expect([...readings.keys()]).toEqual([0, 1]);
    const mrz = readMrz(
      [...readings.values()].map((r) => r.text),
      { now },
    );
    expect(mrz.ok && mrz.reading.valid && mrz.reading.lines).toEqual(TD3);
  });

  it('reads weak marks in the padding (print showing through) as fillers where the MRZ rules allow it', async () => {
    // A ring over a filler of the name's padding and one of the personal number's: the templates see a weak U and O.
    const ring = (row: number, cell: number) =>
      `<path d="M${34 + cell * 26} ${48 + row * 50} a8 10 0 1 0 16 0 a8 10 0 1 0 -16 0" stroke="#151515" stroke-width="5" fill="none"/>`;
    const { image, regions } = await pageWith(TD3, ring(0, 30) + ring(1, 39));
    const weak = await Promise.all(
      regions.map(async (region, row) => {
        const reading = readLineByTemplate(await greyStripOf(image, region), [30, 36, 44]);
        const cell = row === 0 ? 30 : 39;
        return { character: reading?.text[cell], score: reading?.scores[cell] ?? 1 };
      }),
    );
    for (const mark of weak) {
      expect(mark.character).not.toBe('<');
      expect(mark.score).toBeLessThan(MIN_CHARACTER_SCORE);
    }
    const readings = await readMrzRegionsByTemplate(image, regions, now);
    expect([...readings.values()].map((r) => r.text)).toEqual(TD3);
  });

  it("returns nothing when the document number's check digit fails, leaving the lines to the recogniser", async () => {
    // OCR-B's O and 0 differ by a few pixels: a firm-looking O for a 0 fails the number's check as a tampered digit does.
    const tampered = [TD3[0], `${TD3[1].slice(0, 9)}7${TD3[1].slice(10)}`];
    const { image, regions } = await pageWith(tampered);
    expect((await readMrzRegionsByTemplate(image, regions, now)).size).toBe(0);
  });

  it('returns nothing when a state code does not exist, which no check digit covers', async () => {
    // Nationality UTO → QQQ: every check digit still passes.
    const unknownState = [TD3[0], `${TD3[1].slice(0, 10)}QQQ${TD3[1].slice(13)}`];
    const parsed = readMrz(unknownState, { now });
    expect(parsed.ok && parsed.reading.valid).toBe(true);
    const { image, regions } = await pageWith(unknownState);
    expect((await readMrzRegionsByTemplate(image, regions, now)).size).toBe(0);
  });

  it('returns an MRZ printed with a wrong expiry check digit as printed, when every character matched firmly', async () => {
    const printed = [TD3[0], `${TD3[1].slice(0, 27)}3${TD3[1].slice(28)}`];
    const { image, regions } = await pageWith(printed);
    const readings = await readMrzRegionsByTemplate(image, regions, now);
    expect([...readings.values()].map((r) => r.text)).toEqual(printed);
    const mrz = readMrz(printed, { now });
    expect(mrz.ok && mrz.reading.checkDigits.filter((c) => !c.valid).map((c) => c.name)).toEqual(['expiryDate', 'composite']);
    // With a weak mark anywhere (print showing through a filler), it is left to the recogniser.
    const ring = `<path d="M${34 + 30 * 26} 48 a8 10 0 1 0 16 0 a8 10 0 1 0 -16 0" stroke="#151515" stroke-width="5" fill="none"/>`;
    const marked = await pageWith(printed, ring);
    expect((await readMrzRegionsByTemplate(marked.image, marked.regions, now)).size).toBe(0);
  });
});

describe('weakMarksAsFillers', () => {
  const firm = 0.9;
  const weak = MIN_CHARACTER_SCORE - 0.1;
  /** A reading of `text` whose characters at `weakAt` matched their templates weakly. */
  const reading = (text: string, weakAt: number[] = []) => {
    const scores = [...text].map((_, i) => (weakAt.includes(i) ? weak : firm));
    return { text, scores, meanScore: firm };
  };

  it('reads a weak mark in optional data as a filler once the padding has begun', () => {
    const lines = [
      reading('IDBELJ140MR4K45<<<<<<<<X<<X<<<', [23, 26]),
      reading('6602130F3105087BEL<<<<<<<<<<<8'),
      reading('JANSSENS<<LEA<<<<<<<<<<<<<<<<<'),
    ];
    expect(weakMarksAsFillers(lines, TD1_LAYOUT)[0]).toBe('IDBELJ140MR4K45<<<<<<<<<<<<<<<');
  });

  it('leaves firm marks, marks before the padding, and name fields as read', () => {
    const firmMark = [
      reading('IDBELJ140MR4K45<<<<<<<<X<<<<<<'),
      reading('6602130F3105087BEL<<<<<<<<<<<8'),
      reading('JANSSENS<<LEA<<<<<<<<<<<<<<<<<'),
    ];
    expect(weakMarksAsFillers(firmMark, TD1_LAYOUT)[0]).toBe('IDBELJ140MR4K45<<<<<<<<X<<<<<<');
    // Optional data begun after one filler (a long number's overflow, Portugal's '<ZZ70') is data, weak or not.
    const dataAfterOneFiller = [
      reading('I<UTOD23145890<7349<<<<<<<<<<<', [16]),
      reading('7408122F1204159UTO<<<<<<<<<<<6'),
      reading('ERIKSSON<<ANNA<MARIA<<<<<<<<<<'),
    ];
    expect(weakMarksAsFillers(dataAfterOneFiller, TD1_LAYOUT)[0]).toBe('I<UTOD23145890<7349<<<<<<<<<<<');
    const weakInName = [
      reading('P<AUTHUBER<<FLORIAN<<<2<<<<<<<<<<<<<<<<<<<<<', [22]),
      reading('XHFT5Y3X76AUT8504032M3106132<<<<<<<<<<<<<<00'),
    ];
    expect(weakMarksAsFillers(weakInName, TD3_LAYOUT)[0]).toBe(weakInName[0].text);
  });
});
