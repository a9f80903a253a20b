import sharp from 'sharp';
import { applyDegradation, type AppliedDegradation, type Degradation, type RawImage, rasterToRaw, toSharp } from '../degrade/degradations';
import { DEFAULT_REFERENCE_DATE, GeneratorInputError } from '../generate';
import { Prng } from '../prng';
import { loadDocumentFonts } from '../render/fonts';
import { ALL_POA_LAYOUTS, formatDate, KIND_OF_LAYOUT, type PoaLayout, planPoaContent } from './poa-content';
import { type PoaGroundTruth } from './poa-ground-truth';
import { poaPageSvg } from './poa-layouts';

/** Degradations a proof of address meets: a phone photo of a sheet (geometry, light, optics) or a poor scan. */
export const POA_DEGRADATIONS: readonly Degradation[] = ['perspective', 'rotation', 'low_light', 'glare', 'blur', 'noise', 'jpeg'];
const ORDER: readonly Degradation[] = POA_DEGRADATIONS;
const PHOTO_GEOMETRY: readonly Degradation[] = ['perspective', 'rotation'];

export type PoaDegradeMode = 'clean' | 'mixed' | Degradation[];

export interface PoaGenerateOptions {
  seed: number;
  index: number;
  layout?: PoaLayout;
  degrade?: PoaDegradeMode;
  /** YYYY-MM-DD, the "today" of the document's recency. */
  referenceDate?: string;
}

export interface GeneratedPoa {
  /** PNG for a clean scan, JPEG for a photo or a degraded copy. */
  image: Buffer;
  truth: PoaGroundTruth;
}

function chooseDegradations(rng: Prng, mode: PoaDegradeMode): Degradation[] {
  if (mode === 'clean') return [];
  if (Array.isArray(mode)) return ORDER.filter((d) => mode.includes(d));
  if (rng.chance(0.25)) return [];
  const chosen = new Set<Degradation>();
  const count = rng.int(1, 3);
  while (chosen.size < count) chosen.add(rng.pick(POA_DEGRADATIONS));
  return ORDER.filter((d) => chosen.has(d));
}

function isFresh(issueDate: string, referenceDate: string): boolean {
  const ref = new Date(`${referenceDate}T00:00:00Z`);
  const limit = Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth() - 3, ref.getUTCDate());
  return Date.parse(`${issueDate}T00:00:00Z`) >= limit && issueDate <= referenceDate;
}

/**
 * One proof-of-address page, deterministic in (seed, index, options): A4 at 150 dpi. With perspective or
 * rotation it is a phone photo (the sheet on a table with a margin), otherwise a scan of the sheet alone.
 */
export async function generateProofOfAddress(options: PoaGenerateOptions): Promise<GeneratedPoa> {
  const rng = new Prng(options.seed ^ 0x0a11d7e5).fork(options.index);
  const referenceDate = options.referenceDate ?? DEFAULT_REFERENCE_DATE;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(referenceDate)) throw new GeneratorInputError(`referenceDate must be YYYY-MM-DD: ${referenceDate}`);
  const layout = options.layout ?? rng.pick(ALL_POA_LAYOUTS);
  const content = planPoaContent(rng.fork(1), layout, referenceDate);
  const fonts = loadDocumentFonts();
  const svg = poaPageSvg({ sans: fonts.sans, sansBold: fonts.sansBold }, rng.fork(2), content);
  const kinds = chooseDegradations(rng, options.degrade ?? 'clean');
  const photo = kinds.some((k) => PHOTO_GEOMETRY.includes(k));
  const page = await sharp(Buffer.from(svg)).png().toBuffer();
  const { width: pageWidth = 0, height: pageHeight = 0 } = await sharp(page).metadata();
  let background = [255, 255, 255];
  let image: RawImage;
  if (photo) {
    const margin = Math.round(pageWidth * rng.float(0.04, 0.08));
    background = [rng.int(60, 180), rng.int(50, 160), rng.int(40, 140)];
    const [r, g, b] = background;
    image = await rasterToRaw(
      sharp({ create: { width: pageWidth + 2 * margin, height: pageHeight + 2 * margin, channels: 3, background: { r, g, b } } })
        .composite([{ input: page, left: margin, top: margin }])
        .png(),
    );
  } else image = await rasterToRaw(sharp(page));
  const applied: AppliedDegradation[] = [];
  for (const kind of kinds) {
    const step = await applyDegradation(kind, rng, image, background);
    image = step.image;
    applied.push(step.applied);
  }
  const format = kinds.length === 0 ? 'png' : 'jpeg';
  const bytes = format === 'png' ? await toSharp(image).png().toBuffer() : await toSharp(image).jpeg({ quality: 88 }).toBuffer();
  const id = `poa-${options.seed}-${String(options.index).padStart(4, '0')}`;
  return {
    image: bytes,
    truth: {
      id,
      file: `${id}.${format === 'png' ? 'png' : 'jpg'}`,
      seed: options.seed,
      index: options.index,
      referenceDate,
      layout,
      kind: KIND_OF_LAYOUT[layout],
      holder: { firstName: content.person.firstName, lastName: content.person.lastName },
      holderName: content.printedName,
      title: content.title,
      addressLines: content.addressLines,
      issueDate: content.issueDate,
      issueDateAsPrinted: formatDate(content.issueDate, content.dateStyle, content.language),
      fresh: isFresh(content.issueDate, referenceDate),
      otherDates: content.otherDates.map((d) => d.date),
      degradations: applied,
      capture: photo ? 'photo' : 'scan',
      image: { width: image.width, height: image.height, format },
    },
  };
}
