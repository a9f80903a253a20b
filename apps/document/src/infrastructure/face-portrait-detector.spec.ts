import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { generateDocument } from '@kyc/document-generator';
import { decodeImage, detectFaceBoxes } from '@kyc/face';
import { FacePortraitDetector, cropRgb } from './face-portrait-detector';

const LIVE_SAMPLE = join(__dirname, '../../../../../shared/data/spoof-dev/image_T1.jpg');

describe('FacePortraitDetector', () => {
  it('crops packed RGB rows exactly', () => {
    const image = { width: 3, height: 2, data: Uint8Array.from({ length: 18 }, (_, i) => i) };
    expect(cropRgb(image, 1, 1, 2, 1)).toEqual({ width: 2, height: 1, data: Uint8Array.from([12, 13, 14, 15, 16, 17]) });
    expect(cropRgb(image, 2, 0, 5, 5)).toMatchObject({ width: 1, height: 2 });
  });

  it('finds a printed portrait the whole-page pass misses, by searching tiles, and keeps its box', async () => {
    if (!existsSync(LIVE_SAMPLE)) throw new Error(`${LIVE_SAMPLE} is missing: ../shared/data must sit beside the checkout`);
    // Seed 5 prints the live sample's photo (a small face inside the portrait) on a passport page.
    const portrait = await sharp(readFileSync(LIVE_SAMPLE)).rotate().jpeg({ quality: 90 }).toBuffer();
    const generated = await generateDocument({ seed: 5, index: 0, documentType: 'passport', portrait, degrade: 'clean', referenceDate: '2026-11-23' });
    const decoded = await decodeImage(generated.images[0].jpeg);
    if (decoded.kind !== 'image') throw new Error('the generated page decodes');
    expect(await detectFaceBoxes(decoded.image)).toHaveLength(0);

    const detector = new FacePortraitDetector();
    await expect(detector.detectPortrait({ ...decoded.image, data: Buffer.from(decoded.image.data) })).resolves.toMatchObject({ checked: true, found: true });
    // The portrait sits in the left third of the page, in its upper half.
    expect(detector.portraitBox?.x).toBeLessThan(0.33);
    expect(detector.portraitBox?.y).toBeLessThan(0.5);
  });
});
