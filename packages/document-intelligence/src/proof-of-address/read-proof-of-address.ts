import { decodeImage } from '../image/decode-image';
import { runOcr } from '../ocr/run-ocr';
import { type OcrLine, type RgbImage } from '../ocr/types';
import { readProofOfAddressText } from './read-proof-of-address-text';
import { type ProofOfAddressReading } from './types';

export class PoaImageUnreadableError extends Error {
  constructor() {
    super('the proof-of-address image could not be decoded');
    this.name = 'PoaImageUnreadableError';
  }
}

/**
 * A page is read in horizontal bands about three quarters of its width tall: the detector sees at most 736 px
 * on the long side, which shrinks a whole A4 page's 10-pt text below what it finds; a band keeps it ~1.4× larger.
 * Bands overlap by OVERLAP of the width so a line on a cut is whole in one of them; each band keeps the lines
 * whose centre lies in its own part.
 */
const BAND_HEIGHT = 0.75;
const OVERLAP = 0.08;

export function pageBands(width: number, height: number): { top: number; bottom: number; ownTop: number; ownBottom: number }[] {
  const step = Math.round(width * BAND_HEIGHT);
  if (height <= step * 1.2) return [{ top: 0, bottom: height, ownTop: 0, ownBottom: height }];
  const count = Math.ceil(height / step);
  const own = height / count;
  const overlap = Math.round(width * OVERLAP);
  return Array.from({ length: count }, (_, i) => {
    const ownTop = Math.round(i * own);
    const ownBottom = i === count - 1 ? height : Math.round((i + 1) * own);
    return { top: Math.max(0, ownTop - overlap), bottom: Math.min(height, ownBottom + overlap), ownTop, ownBottom };
  });
}

function cropRows(image: RgbImage, top: number, bottom: number): RgbImage {
  const rowBytes = image.width * 3;
  return { data: image.data.subarray(top * rowBytes, bottom * rowBytes), width: image.width, height: bottom - top };
}

function shiftLine(line: OcrLine, dy: number): OcrLine {
  return {
    ...line,
    box: { ...line.box, y: line.box.y + dy },
    words: line.words.map((w) => ({ ...w, box: { ...w.box, y: w.box.y + dy }, region: { ...w.region, cy: w.region.cy + dy } })),
  };
}

/** The page's OCR lines, band by band, in page coordinates. */
export async function readPageLines(image: RgbImage): Promise<OcrLine[]> {
  const lines: OcrLine[] = [];
  for (const band of pageBands(image.width, image.height)) {
    const read = await runOcr(cropRows(image, band.top, band.bottom));
    for (const line of read.map((l) => shiftLine(l, band.top))) {
      const centre = line.box.y + line.box.height / 2;
      if (centre >= band.ownTop && centre < band.ownBottom) lines.push(line);
    }
  }
  return lines;
}

function isRgbImage(image: Buffer | RgbImage): image is RgbImage {
  return !Buffer.isBuffer(image);
}

/**
 * Reads a proof of address from an image (PNG or JPEG bytes, or decoded RGB pixels; a PDF is rendered to an
 * image before). Throws PoaImageUnreadableError for bytes that are no image.
 */
export async function readProofOfAddress(image: Buffer | RgbImage): Promise<ProofOfAddressReading> {
  let pixels: RgbImage;
  if (isRgbImage(image)) pixels = image;
  else {
    const decoded = await decodeImage(image);
    if (!decoded.ok) throw new PoaImageUnreadableError();
    pixels = decoded.image;
  }
  return readProofOfAddressText(await readPageLines(pixels));
}
