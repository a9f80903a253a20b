import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { generateDocument } from '@kyc/document-generator';
import { type RgbImage, decodeImage, detectFaceBoxes } from '@kyc/face';
import { FacePortraitDetector, cropRgb } from './face-portrait-detector';
import { closerLook, findPortraitFace, mainConfidentFace, pageStrips } from './portrait-face-search';

const LIVE_SAMPLE = join(__dirname, '../../../../../shared/data/spoof-dev/image_T1.jpg');
const FACES_DEV = join(__dirname, '../../../../../shared/data/faces-dev');
const TIGHT_PORTRAIT = join(FACES_DEV, 'penny/penny3.png');

async function firstPage(jpeg: Buffer): Promise<RgbImage> {
  const decoded = await decodeImage(jpeg);
  if (decoded.kind !== 'image') throw new Error('the generated page decodes');
  return decoded.image;
}

/** The detector, at its own threshold, sees no face on the page nor on any of its strips. */
async function expectNoFaceOnPageOrStrips(page: RgbImage): Promise<void> {
  expect(await detectFaceBoxes(page)).toHaveLength(0);
  for (const strip of pageStrips(page)) {
    expect(await detectFaceBoxes(cropRgb(page, strip.left, strip.top, strip.width, strip.height))).toHaveLength(0);
  }
}

describe('FacePortraitDetector', () => {
  it("takes the face the detector is surest of for the page's portrait, not the largest", () => {
    const face = (score: number, x: number, size: number) => ({ score, box: { x, y: 300, width: size, height: size } });
    // A block of captions framed larger at a lower score beside the printed portrait; a doubtful face counts for nothing.
    const portrait = face(0.67, 1060, 155);
    expect(mainConfidentFace([face(0.56, 48, 219), portrait, face(0.3, 500, 400)])).toBe(portrait);
    // Two boxes at the same score: the larger (chooseMainFace).
    const larger = face(0.7, 40, 200);
    expect(mainConfidentFace([face(0.7, 1060, 150), larger])).toBe(larger);
    expect(mainConfidentFace([face(0.3, 40, 200)])).toBeUndefined();
    expect(mainConfidentFace([])).toBeUndefined();
  });

  it('crops packed RGB rows exactly', () => {
    const image = { width: 3, height: 2, data: Uint8Array.from({ length: 18 }, (_, i) => i) };
    expect(cropRgb(image, 1, 1, 2, 1)).toEqual({ width: 2, height: 1, data: Uint8Array.from([12, 13, 14, 15, 16, 17]) });
    expect(cropRgb(image, 2, 0, 5, 5)).toMatchObject({ width: 1, height: 2 });
  });

  it('finds a printed portrait the whole-page pass misses, by searching strips of the page, and keeps its box', async () => {
    if (!existsSync(LIVE_SAMPLE)) throw new Error(`${LIVE_SAMPLE} is missing: ../shared/data must sit beside the checkout`);
    // Seed 5 prints the live sample's photo (a small face inside the portrait) on a passport page.
    const portrait = await sharp(readFileSync(LIVE_SAMPLE)).rotate().jpeg({ quality: 90 }).toBuffer();
    const generated = await generateDocument({
      layout: 'classic',
      seed: 5,
      index: 0,
      documentType: 'passport',
      portrait,
      degrade: 'clean',
      referenceDate: '2026-11-23',
    });
    const decoded = await decodeImage(generated.images[0].jpeg);
    if (decoded.kind !== 'image') throw new Error('the generated page decodes');
    expect(await detectFaceBoxes(decoded.image)).toHaveLength(0);

    const detector = new FacePortraitDetector();
    await expect(detector.detectPortrait({ ...decoded.image, data: Buffer.from(decoded.image.data) })).resolves.toMatchObject({
      checked: true,
      found: true,
    });
    // The portrait sits in the left third of the page, in its upper half.
    expect(detector.portraitBox?.x).toBeLessThan(0.33);
    expect(detector.portraitBox?.y).toBeLessThan(0.5);
  });

  it('cuts a landscape page into half-width strips of its whole height, and a portrait page across', () => {
    expect(pageStrips({ width: 1000, height: 660 })).toEqual([
      { left: 0, top: 0, width: 500, height: 660 },
      { left: 250, top: 0, width: 500, height: 660 },
      { left: 500, top: 0, width: 500, height: 660 },
    ]);
    expect(pageStrips({ width: 600, height: 901 })[2]).toEqual({ left: 0, top: 451, width: 600, height: 450 });
  });

  it('finds a tight printed portrait in a noisy photo that the page and its strips miss', async () => {
    if (!existsSync(TIGHT_PORTRAIT)) throw new Error(`${TIGHT_PORTRAIT} is missing: ../shared/data must sit beside the checkout`);
    // eval:documents seed 2026, document 217: an identity card front under sensor noise (σ 21.8).
    const generated = await generateDocument({
      layout: 'classic',
      seed: 2026,
      index: 217,
      documentType: 'id_card',
      portrait: readFileSync(TIGHT_PORTRAIT),
      degrade: 'mixed',
    });
    expect(generated.images[0].truth.degradations.map((d) => d.kind)).toEqual(['noise']);
    const page = await firstPage(generated.images[0].jpeg);
    await expectNoFaceOnPageOrStrips(page);

    const face = await findPortraitFace(page);
    expect(face).toBeDefined();
    // The card's portrait: the left fifth of the card, below its title.
    expect(face!.box.x / page.width).toBeLessThan(0.2);
    expect(face!.box.y / page.height).toBeGreaterThan(0.15);
  });

  it('finds the portrait of a dim, noisy, tilted photo once the strips are smoothed, where a closer look at the doubtful faces did not', async () => {
    // eval:documents seed 2026, document 238: the only page of seeds 2026 and 7 whose face the smoothed strips find.
    const generated = await generateDocument({
      layout: 'classic',
      seed: 2026,
      index: 238,
      documentType: 'id_card',
      portrait: readFileSync(TIGHT_PORTRAIT),
      degrade: 'mixed',
    });
    expect(generated.images[0].truth.degradations.map((d) => d.kind)).toEqual(['rotation', 'low_light', 'noise']);
    const page = await firstPage(generated.images[0].jpeg);
    await expectNoFaceOnPageOrStrips(page);

    const face = await findPortraitFace(page);
    expect(face).toBeDefined();
    expect(face!.box.x / page.width).toBeLessThan(0.2);
  });

  it('finds no face on a card front whose portrait is missing', async () => {
    const generated = await generateDocument({
      layout: 'classic',
      seed: 2026,
      index: 217,
      documentType: 'id_card',
      withoutPortrait: true,
      degrade: 'mixed',
    });
    await expect(findPortraitFace(await firstPage(generated.images[0].jpeg))).resolves.toBeUndefined();
  });

  it('looks closer at a doubtful face in a window three times its size, moved inside the page at its edges', () => {
    expect(closerLook({ score: 0.3, box: { x: 100, y: 150, width: 80, height: 90 } }, { width: 1000, height: 700 })).toEqual({
      left: 20,
      top: 60,
      width: 240,
      height: 270,
    });
    expect(closerLook({ score: 0.3, box: { x: 10, y: 600, width: 80, height: 90 } }, { width: 1000, height: 700 })).toEqual({
      left: 0,
      top: 430,
      width: 240,
      height: 270,
    });
    expect(closerLook({ score: 0.3, box: { x: 10, y: 10, width: 400, height: 300 } }, { width: 1000, height: 700 })).toEqual({
      left: 0,
      top: 0,
      width: 1000,
      height: 700,
    });
  });

  it('confirms a portrait cut at the forehead, which every pass over the page doubts, by a closer look', async () => {
    // eval:documents seed 2026, document 126: a clean passport page; the photo box cuts the face above the eyebrows.
    const generated = await generateDocument({
      layout: 'classic',
      seed: 2026,
      index: 126,
      documentType: 'passport',
      portrait: readFileSync(join(FACES_DEV, 'leonard/leonard5.png')),
      degrade: 'clean',
    });
    expect(generated.images[0].truth.degradations).toEqual([]);
    const page = await firstPage(generated.images[0].jpeg);
    await expectNoFaceOnPageOrStrips(page);

    const face = await findPortraitFace(page);
    expect(face?.score).toBeGreaterThanOrEqual(0.5);
    // The passport's portrait: left quarter of the page, upper half.
    expect(face!.box.x / page.width).toBeLessThan(0.25);
    expect(face!.box.y / page.height).toBeLessThan(0.5);
  });
});
