import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import * as generator from '@kyc/document-generator';
import { analyzeFace, type RgbImage } from '@kyc/face';
import { simulatePrint, simulateScreenReplay } from '@kyc/face/testing';
import { type EvalDocumentType, type PlannedCase } from './case-plan';
import { capture, type CaptureParams, drawCapture } from './capture';

/**
 * The images of one eval case: its generated document (the holder's photo as the printed portrait,
 * in the case's layout, then a mild capture) and its selfie.
 */

/**
 * The generator's layouts per document type. The generator gets several layouts per class (issue
 * 28, item 3) with a `layout` option and an exported list; until it has them, [null] (its one
 * layout). Read by name so that this eval builds against either version of the generator.
 */
export function generatorLayouts(): Record<EvalDocumentType, (string | null)[]> {
  const exported = (generator as Record<string, unknown>).DOCUMENT_LAYOUTS;
  const forType = (type: EvalDocumentType): (string | null)[] => {
    if (Array.isArray(exported)) {
      const names = exported.flatMap((entry: unknown) => {
        if (typeof entry === 'string') return [entry];
        if (entry && typeof entry === 'object') {
          const { id, name, documentType, documentTypes } = entry as Record<string, unknown>;
          const types = Array.isArray(documentTypes) ? documentTypes : documentType ? [documentType] : [type];
          const label = typeof id === 'string' ? id : typeof name === 'string' ? name : null;
          return label && types.includes(type) ? [label] : [];
        }
        return [];
      });
      return names.length ? names : [null];
    }
    if (exported && typeof exported === 'object') {
      const list = (exported as Record<string, unknown>)[type];
      if (Array.isArray(list) && list.length) return list.map((l) => (typeof l === 'string' ? l : String((l as { id?: string }).id ?? l)));
    }
    return [null];
  };
  return { passport: forType('passport'), id_card: forType('id_card') };
}

/**
 * The photo as a passport-style portrait: the face found by our detector, cut head-and-shoulders
 * (a box 2.2 face widths wide, 7:9, the face a little above the middle), as an ID photo is taken.
 * The whole photo when no face is found. The generator then fits it to the portrait box.
 */
export async function passportPhoto(file: string): Promise<Buffer> {
  const bytes = readFileSync(file);
  const upright = await sharp(bytes).rotate().jpeg({ quality: 95 }).toBuffer();
  const analysis = await analyzeFace(upright);
  if (analysis.kind !== 'face' && analysis.kind !== 'low_quality') return upright;
  const { width: imageWidth = 0, height: imageHeight = 0 } = await sharp(upright).metadata();
  const box = analysis.face.box;
  const width = Math.min(imageWidth, box.width * 2.2);
  const height = Math.min(imageHeight, (width * 9) / 7);
  const centreX = box.x + box.width / 2;
  const centreY = box.y + box.height * 0.55;
  const left = Math.round(Math.max(0, Math.min(imageWidth - width, centreX - width / 2)));
  const top = Math.round(Math.max(0, Math.min(imageHeight - height, centreY - height * 0.45)));
  return sharp(upright)
    .extract({ left, top, width: Math.floor(width), height: Math.floor(height) })
    .jpeg({ quality: 95 })
    .toBuffer();
}

export interface DocumentSides {
  /** Side name → the clean rendered image. */
  clean: Partial<Record<'main' | 'front' | 'back', Buffer>>;
}

/** The case's document, clean (captured per upload with `captureOf`). */
export async function renderDocument(c: PlannedCase, portrait: Buffer, referenceDate: string): Promise<DocumentSides> {
  const options = {
    seed: c.documentSeed,
    index: c.documentIndex,
    documentType: c.documentType,
    portrait,
    faults: c.kind === 'expired' ? (['expired'] as generator.DocumentFault[]) : [],
    degrade: 'clean' as const,
    referenceDate,
    ...(c.layout ? { layout: c.layout } : {}),
  };
  const generated = await generator.generateDocument(options as generator.GenerateOptions);
  const clean: DocumentSides['clean'] = {};
  for (const image of generated.images) clean[image.truth.side as 'main' | 'front' | 'back'] = image.jpeg;
  return { clean };
}

/** The n-th capture (0 first, 1 the retake) of one side of a case's document: its own seeded draw. */
export async function captureOf(
  c: PlannedCase,
  side: string,
  attempt: number,
  image: Buffer,
): Promise<{ jpeg: Buffer; params: CaptureParams }> {
  const sideNumber = { main: 0, front: 1, back: 2 }[side] ?? 3;
  const params = drawCapture(new generator.Prng(c.captureSeed).fork(sideNumber * 10 + attempt));
  return { jpeg: await capture(image, params), params };
}

async function toRgb(bytes: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(bytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

async function fromRgb(image: RgbImage): Promise<Buffer> {
  return sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The selfie as uploaded: the photo as it is, a real attack image as captured, or a synthetic replay/print of a photo. */
export async function selfieImage(c: PlannedCase): Promise<Buffer> {
  const source = c.selfie;
  if (source.kind !== 'synthetic') return readFileSync(source.file);
  const live = await toRgb(readFileSync(source.file));
  // The middle settings of face-eval's synthetic attacks (screen pitch 1.7 px at 3°, halftone cell 4.5 px).
  return fromRgb(source.attack === 'screen' ? simulateScreenReplay(live, 1.7, 3) : simulatePrint(live, 4.5));
}
