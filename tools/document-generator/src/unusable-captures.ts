import sharp from 'sharp';
import { DEFAULT_REFERENCE_DATE, generateDocument } from './generate';
import { Prng } from './prng';

/**
 * Uploads that show no usable document, or a card front without its face: the cases behind
 * LOW_DETECTION_CONFIDENCE, DOCUMENT_QUALITY_TOO_LOW and PORTRAIT_NOT_DETECTED, which a set of readable documents
 * with portraits never exercises. Each is uploaded as a card front, the side that needs no MRZ, so only these codes
 * are at stake.
 */
export type UnusableCaptureKind = 'too_dark' | 'too_small' | 'no_document' | 'blank_page' | 'no_portrait';
export const ALL_UNUSABLE_CAPTURES: readonly UnusableCaptureKind[] = ['too_dark', 'too_small', 'no_document', 'blank_page', 'no_portrait'];

/**
 * What a single-side analysis should report. A card photographed in near darkness is unusable for a reviewer, but
 * its text keeps enough contrast for OCR to tell what it is (the wording is read at a mean grey level of 12), so only
 * its quality is at stake; one a couple of hundred pixels wide is unusable and shows no legible text, so its type
 * cannot be told either; a photo of a face alone or of a blank sheet is sharp and well lit, but shows no document.
 */
export const UNUSABLE_CAPTURE_PROBLEMS: Record<UnusableCaptureKind, string[]> = {
  too_dark: ['DOCUMENT_QUALITY_TOO_LOW'],
  too_small: ['DOCUMENT_QUALITY_TOO_LOW', 'LOW_DETECTION_CONFIDENCE'],
  no_document: ['LOW_DETECTION_CONFIDENCE'],
  blank_page: ['LOW_DETECTION_CONFIDENCE'],
  // A legible card front whose photo is missing (covered, cut out): everything else about it is in order.
  no_portrait: ['PORTRAIT_NOT_DETECTED'],
};

/** The kinds that photograph a generated card (the others show no document). */
const CARD_KINDS: readonly UnusableCaptureKind[] = ['too_dark', 'too_small', 'no_portrait'];

/** Mixed into the seed, so captures (and the cards they show) are not the documents of the same seed and index. */
const CAPTURE_SEED_SALT = 0x5bd1e995;
/** Light kept of a card photographed in near darkness: a mean grey level of ~10–15 of 255. */
const NEAR_DARK_GAIN = 0.07;
/** Width of a card photographed from across a room: its text a pixel or two high. */
const DISTANT_CARD_WIDTH = 220;

export interface UnusableCaptureTruth {
  id: string;
  seed: number;
  kind: UnusableCaptureKind;
  uploadedAs: 'front';
  /** The card's layout, or null for the kinds that show no card. */
  layout: string | null;
  referenceDate: string;
  expectedProblems: string[];
  image: { width: number; height: number };
}

export interface UnusableCapture {
  jpeg: Buffer;
  truth: UnusableCaptureTruth;
}

export interface UnusableCaptureOptions {
  seed: number;
  index: number;
  kind: UnusableCaptureKind;
  /** JPEG/PNG of a face: the card's portrait, and the whole photo of `no_document`. */
  portrait?: Buffer;
  referenceDate?: string;
  /** The layout of the card shown by the kinds that show one (DOCUMENT_LAYOUTS); default classic, the captures' look before layouts. */
  layout?: string;
}

/** One unusable upload, deterministic in (seed, index, kind, portrait). */
export async function generateUnusableCapture(options: UnusableCaptureOptions): Promise<UnusableCapture> {
  const rng = new Prng(options.seed ^ CAPTURE_SEED_SALT).fork(options.index);
  const image = await photograph(options, rng);
  const jpeg = await image.jpeg({ quality: 88 }).toBuffer();
  const meta = await sharp(jpeg).metadata();
  const id = `capture-${options.seed}-${String(options.index).padStart(4, '0')}-${options.kind}`;
  return {
    jpeg,
    truth: {
      id,
      seed: options.seed,
      kind: options.kind,
      uploadedAs: 'front',
      layout: CARD_KINDS.includes(options.kind) ? (options.layout ?? 'classic') : null,
      referenceDate: options.referenceDate ?? DEFAULT_REFERENCE_DATE,
      expectedProblems: UNUSABLE_CAPTURE_PROBLEMS[options.kind],
      image: { width: meta.width ?? 0, height: meta.height ?? 0 },
    },
  };
}

async function photograph(options: UnusableCaptureOptions, rng: Prng): Promise<sharp.Sharp> {
  switch (options.kind) {
    case 'too_dark':
    case 'too_small':
    case 'no_portrait': {
      const card = await generateDocument({
        seed: options.seed ^ CAPTURE_SEED_SALT,
        index: options.index,
        documentType: 'id_card',
        portrait: options.portrait,
        degrade: 'clean',
        referenceDate: options.referenceDate,
        withoutPortrait: options.kind === 'no_portrait',
        layout: options.layout ?? 'classic',
      });
      const front = sharp(card.images[0].jpeg);
      if (options.kind === 'too_dark') return front.linear(NEAR_DARK_GAIN, 0);
      return options.kind === 'too_small' ? front.resize({ width: DISTANT_CARD_WIDTH }) : front;
    }
    case 'no_document':
      return onTable(
        rng,
        options.portrait ? await sharp(options.portrait).resize({ height: 560 }).png().toBuffer() : await sheet(rng, 400, 560, true),
      );
    case 'blank_page':
      return onTable(rng, await sheet(rng, 560, 790, false));
  }
}

/** A photo of `subject` lying on a table (a wood-coloured gradient). */
async function onTable(rng: Prng, subject: Buffer): Promise<sharp.Sharp> {
  const meta = await sharp(subject).metadata();
  const width = (meta.width ?? 400) + 2 * rng.int(60, 160);
  const height = (meta.height ?? 560) + 2 * rng.int(40, 100);
  const [r, g, b] = [rng.int(60, 170), rng.int(50, 150), rng.int(40, 130)];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="t" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="rgb(${r},${g},${b})"/>
    <stop offset="1" stop-color="rgb(${Math.round(r * 0.8)},${Math.round(g * 0.8)},${Math.round(b * 0.8)})"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#t)"/></svg>`;
  const photo = await sharp(Buffer.from(svg)).png().toBuffer();
  const left = Math.round((width - (meta.width ?? 0)) / 2);
  const top = Math.round((height - (meta.height ?? 0)) / 2);
  return sharp(photo).composite([{ input: subject, left, top }]);
}

/** A sheet of paper, blank, or (`shaded`) a soft grey gradient standing in for a face when none is given. */
async function sheet(rng: Prng, width: number, height: number, shaded: boolean): Promise<Buffer> {
  const paper = rng.int(225, 245);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="rgb(${paper},${paper},${paper})"/>
    <stop offset="1" stop-color="rgb(${shaded ? 90 : paper - 6},${shaded ? 80 : paper - 6},${shaded ? 70 : paper - 8})"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
