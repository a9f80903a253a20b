import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { type DocumentFault, type ExpectedFields, generateDocument } from '@kyc/document-generator';

/**
 * Whole-verification inputs. The only live selfie we hold is spoof-dev's image_T1 (faces-dev's
 * crops are TV stills, which the liveness models rightly call non-live); a genuine document for
 * that person is generated with the selfie's own photo as its printed portrait. Impostor
 * documents print a faces-dev portrait of somebody else.
 */
export const SHARED_DATA_DIR = resolve(__dirname, '..', '..', '..', '..', 'shared', 'data');

export function sharedDataAvailable(): boolean {
  return existsSync(join(SHARED_DATA_DIR, 'spoof-dev', 'image_T1.jpg'));
}

function sharedFile(...parts: string[]): Buffer {
  const path = join(SHARED_DATA_DIR, ...parts);
  if (!existsSync(path)) throw new Error(`${path} is missing: ../shared/data must sit beside the checkout`);
  return readFileSync(path);
}

/** A live selfie (spoof-dev image_T1, judged live upstream and by our models). */
export const liveSelfie = (): Buffer => sharedFile('spoof-dev', 'image_T1.jpg');
/** Spoofs judged so upstream: a printed photo and a screen replay. */
export const spoofSelfies = (): Buffer[] => [sharedFile('spoof-dev', 'image_F1.jpg'), sharedFile('spoof-dev', 'image_F2.jpg')];
/** A group photo in which our detector finds five faces. */
export const groupPhoto = (): Buffer => sharedFile('faces-dev', 'bbt3.jpg');
/** A faces-dev crop of someone other than the live selfie's person. */
export function otherPersonPortrait(): Buffer {
  const dir = join(SHARED_DATA_DIR, 'faces-dev', 'amy');
  return sharedFile(
    'faces-dev',
    'amy',
    readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()[0],
  );
}

/** The live selfie upright (its EXIF orientation applied), as printed on its genuine document. */
async function livePersonPortrait(): Promise<Buffer> {
  return sharp(liveSelfie()).rotate().jpeg({ quality: 90 }).toBuffer();
}

export interface GeneratedSide {
  side: 'main' | 'front' | 'back';
  image: Buffer;
}

export interface DocumentFixture {
  sides: GeneratedSide[];
  expected: ExpectedFields;
}

export interface DocumentFixtureOptions {
  seed?: number;
  documentType?: 'passport' | 'id_card';
  /** Whose portrait is printed: the live selfie's person (default) or somebody else. */
  portrait?: 'live_person' | 'other_person';
  faults?: DocumentFault[];
  /** YYYY-MM-DD the validity dates are drawn around; defaults to today. */
  referenceDate?: string;
  /** One of the generator's DOCUMENT_LAYOUTS; default classic, the look these fixtures always had. */
  layout?: string;
}

/** A clean generated passport (main) or ID card (front, back) with its ground truth. */
export async function documentFixture(options: DocumentFixtureOptions = {}): Promise<DocumentFixture> {
  const portrait = options.portrait === 'other_person' ? otherPersonPortrait() : await livePersonPortrait();
  const generated = await generateDocument({
    layout: options.layout ?? 'classic',
    seed: options.seed ?? 1,
    index: 0,
    documentType: options.documentType ?? 'passport',
    portrait,
    faults: options.faults ?? [],
    degrade: 'clean',
    referenceDate: options.referenceDate ?? new Date().toISOString().slice(0, 10),
  });
  const sides = generated.images.map((image) => ({ side: image.truth.uploadedAs as GeneratedSide['side'], image: image.jpeg }));
  return { sides, expected: generated.images[0].truth.extractedData };
}

export { encryptedPdf, garbledPdf, proofOfAddressPdf } from './proof-of-address';
export { hostileUploads, type HostileUpload, type HostileExpectation } from './hostile-uploads';
