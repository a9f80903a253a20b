import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDeflate } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { ErrorCode } from '@kyc/errors';
import { assertAcceptableProofOfAddress } from '@kyc/image-intake';
import { PdfRasteriser } from './pdf-rasteriser';

// The worker runs compiled JavaScript: the package is built before its tests (npm test at the root).
const WORKER_SCRIPT = join(__dirname, '../../../dist/infrastructure/pdf/pdf-render-worker.js');
const FIXTURES = join(__dirname, 'fixtures');
const A4: [number, number] = [595.28, 841.89];
const refused = (reasonCode: string) => expect.objectContaining({ code: ErrorCode.IMAGE_INVALID, details: { reasonCode } });

/** A4, 'PROOF OF ADDRESS' in 36 pt Helvetica, baseline 100 pt below the top edge, 72 pt from the left. */
async function letter(pages = 1): Promise<{ pdf: Buffer; textWidth: number }> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = document.addPage(A4);
    if (i === 0) page.drawText('PROOF OF ADDRESS', { x: 72, y: A4[1] - 100, size: 36, font, color: rgb(0, 0, 0) });
  }
  return { pdf: Buffer.from(await document.save()), textWidth: font.widthOfTextAtSize('PROOF OF ADDRESS', 36) };
}

/** A page whose content stream inflates from ~1 KB per MB to `megabytes` MB of spaces. */
async function flateBomb(megabytes: number): Promise<Buffer> {
  const deflated = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const deflate = createDeflate({ level: 9 });
    deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
    deflate.on('end', () => resolve(Buffer.concat(chunks)));
    deflate.on('error', reject);
    const megabyte = Buffer.alloc(1024 * 1024, 0x20);
    for (let i = 0; i < megabytes; i++) deflate.write(megabyte);
    deflate.end();
  });
  const document = await PDFDocument.create();
  const page = document.addPage(A4);
  page.node.set(PDFName.of('Contents'), document.context.register(document.context.stream(deflated, { Filter: 'FlateDecode' })));
  return Buffer.from(await document.save());
}

/** Form XObjects drawing the one below `fanout` times, `levels` deep: fanout^levels draws from a few KB. */
async function nestedXObjects(levels: number, fanout: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage(A4);
  const { context } = document;
  const form = (body: string, resources?: object) =>
    context.register(
      context.stream(body, {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, A4[0], A4[1]],
        ...(resources ? { Resources: resources } : {}),
      }),
    );
  let inner = form('0 0 1 1 re f');
  for (let level = 0; level < levels; level++) inner = form(Array(fanout).fill('/X Do').join(' '), context.obj({ XObject: { X: inner } }));
  page.node.set(PDFName.of('Resources'), context.obj({ XObject: { X: inner } }));
  page.node.set(PDFName.of('Contents'), context.register(context.stream('/X Do')));
  return Buffer.from(await document.save());
}

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, info, at: (x: number, y: number) => data[(y * info.width + x) * info.channels] };
}

describe('PdfRasteriser', () => {
  let rasteriser: PdfRasteriser;
  beforeAll(() => {
    if (!existsSync(WORKER_SCRIPT)) throw new Error(`${WORKER_SCRIPT} is missing: build @kyc/document first`);
    rasteriser = new PdfRasteriser({ workerScript: WORKER_SCRIPT });
  });
  afterAll(() => rasteriser.close());

  it('renders page 1 of an A4 letter at 200 dpi as an RGB PNG on white, with the text dark where it was drawn', async () => {
    const { pdf, textWidth } = await letter();
    const started = Date.now();
    const page = await rasteriser.render(pdf);
    const elapsed = Date.now() - started;
    expect({ width: page.width, height: page.height, pageCount: page.pageCount }).toEqual({ width: 1653, height: 2338, pageCount: 1 });
    const { info, at } = await pixels(page.png);
    expect({ width: info.width, height: info.height, channels: info.channels }).toEqual({ width: 1653, height: 2338, channels: 3 });

    const px = (points: number) => Math.round((points * 200) / 72);
    // The cap height of 36 pt Helvetica is ~26 pt: the band between it and the baseline holds the glyphs.
    const band = { left: px(72), right: px(72 + textWidth), top: px(100 - 24), bottom: px(100) };
    let dark = 0;
    for (let y = band.top; y < band.bottom; y++) for (let x = band.left; x < band.right; x++) if (at(x, y) < 96) dark++;
    const area = (band.right - band.left) * (band.bottom - band.top);
    expect(dark / area).toBeGreaterThan(0.15);
    // Everywhere else is white paper.
    for (const [x, y] of [
      [10, 10],
      [px(72) - 20, px(90)],
      [band.right + 20, px(90)],
      [800, 1200],
      [1640, 2330],
    ])
      expect(at(x, y)).toBe(255);
    console.log(`1-page A4 rendered in ${elapsed} ms (worker start included)`);
  });

  it('reports the page count and renders only the first page', async () => {
    const page = await rasteriser.render((await letter(3)).pdf);
    expect({ pageCount: page.pageCount, width: page.width, height: page.height }).toEqual({ pageCount: 3, width: 1653, height: 2338 });
  });

  it('caps the output size whatever page size the PDF declares', async () => {
    const document = await PDFDocument.create();
    document.addPage(A4).node.set(PDFName.of('MediaBox'), document.context.obj([0, 0, 14400, 14400]));
    const page = await rasteriser.render(Buffer.from(await document.save()));
    expect(page.width * page.height).toBeLessThanOrEqual(13_000_000);
    expect(Math.max(page.width, page.height)).toBeLessThanOrEqual(5_000);
    expect(page.width).toBeGreaterThan(3_000);
  });

  it('refuses a password-protected PDF (PDF_ENCRYPTED), without quoting it', async () => {
    // fixtures/encrypted-user-password.pdf: README.md there says how it was made (qpdf, AES-256, user password).
    const encrypted = readFileSync(join(FIXTURES, 'encrypted-user-password.pdf'));
    const error = await rasteriser.render(encrypted).catch((caught: unknown) => caught);
    expect(error).toEqual(refused('PDF_ENCRYPTED'));
    expect((error as Error).message).toBe('The PDF is password-protected');
  });

  it('renders a PDF encrypted with an owner password only (it opens without a password; permissions are not our concern)', async () => {
    const page = await rasteriser.render(readFileSync(join(FIXTURES, 'encrypted-owner-password-only.pdf')));
    expect({ width: page.width, height: page.height, pageCount: page.pageCount }).toEqual({ width: 1653, height: 2338, pageCount: 1 });
  });

  it('refuses garbage, a truncated PDF, a PNG and an empty buffer (PDF_MALFORMED)', async () => {
    const { pdf } = await letter();
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    for (const bad of [
      Buffer.from('%PDF-1.7\n this is not a PDF at all \n%%EOF\n'),
      pdf.subarray(0, Math.floor(pdf.length / 2)),
      png,
      Buffer.alloc(0),
    ])
      await expect(rasteriser.render(bad)).rejects.toEqual(refused('PDF_MALFORMED'));
  });

  it('refuses a PDF without pages (PDF_EMPTY) and one with absurdly many (PDF_TOO_MANY_PAGES)', async () => {
    const empty = await PDFDocument.create();
    await expect(rasteriser.render(Buffer.from(await empty.save({ addDefaultPage: false })))).rejects.toEqual(refused('PDF_EMPTY'));
    await expect(rasteriser.render((await letter(201)).pdf)).rejects.toEqual(refused('PDF_TOO_MANY_PAGES'));
  });

  it('refuses a PNG renamed .pdf at intake (DECLARED_TYPE_MISMATCH)', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    expect(() => assertAcceptableProofOfAddress(png, { fileName: 'bill.pdf', contentType: 'application/pdf' })).toThrow(
      refused('DECLARED_TYPE_MISMATCH'),
    );
  });

  it('stops a drawing bomb at the deadline (PDF_TOO_COMPLEX), and the next PDF renders', async () => {
    const quick = new PdfRasteriser({ workerScript: WORKER_SCRIPT, deadlineMs: 4_000 });
    try {
      const bomb = await nestedXObjects(12, 10); // 10^12 rectangles from ~3 KB
      expect(bomb.length).toBeLessThan(10_000);
      const started = Date.now();
      await expect(quick.render(bomb)).rejects.toEqual(refused('PDF_TOO_COMPLEX'));
      expect(Date.now() - started).toBeLessThan(4_000 + 1_500);
      expect((await quick.render((await letter()).pdf)).width).toBe(1653);
    } finally {
      await quick.close();
    }
  }, 30_000);

  it('stops a decompression bomb at the memory limit (PDF_TOO_COMPLEX), and the next PDF renders', async () => {
    const bomb = await flateBomb(600); // 600 MB of spaces in ~600 KB
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const bounded = new PdfRasteriser({ workerScript: WORKER_SCRIPT, maxMemoryGrowthMb: 192, deadlineMs: 60_000 });
    try {
      const started = Date.now();
      await expect(bounded.render(bomb)).rejects.toEqual(refused('PDF_TOO_COMPLEX'));
      // Well before the deadline: the memory limit stopped it.
      expect(Date.now() - started).toBeLessThan(30_000);
      expect((await bounded.render((await letter()).pdf)).width).toBe(1653);
    } finally {
      await bounded.close();
    }
  }, 90_000);

  it('stops a 1 GB decompression bomb with the default limits, within the 15 s deadline', async () => {
    const bomb = await flateBomb(1000);
    const started = Date.now();
    await expect(rasteriser.render(bomb)).rejects.toEqual(refused('PDF_TOO_COMPLEX'));
    expect(Date.now() - started).toBeLessThan(15_000 + 1_500);
  }, 60_000);
});
