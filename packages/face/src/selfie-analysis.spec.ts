import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { analyzeSelfie, livenessBoxOf } from './selfie-analysis';

/**
 * The selfie pipeline end to end on real models: our own face analysis gives the liveness box (no
 * hand-measured boxes), and upstream's sample verdicts still hold.
 */
jest.setTimeout(60_000);

const SPOOF_DEV = join(__dirname, '../../../../shared/data/spoof-dev');
const haveSamples = existsSync(SPOOF_DEV);
const itWithSamples = haveSamples ? it : it.skip;
if (!haveSamples) console.warn(`spoof-dev not found at ${SPOOF_DEV}: sample checks skipped`);

describe('analyzeSelfie', () => {
  itWithSamples.each([
    ['image_T1.jpg', true],
    ['image_F1.jpg', false],
    ['image_F2.jpg', false],
  ])('judges upstream sample %s live=%s with the detected face box', async (file, live) => {
    const result = await analyzeSelfie(readFileSync(join(SPOOF_DEV, file)));
    if (result.kind !== 'analysed') throw new Error(`expected a face in ${file}, got ${JSON.stringify(result)}`);
    expect(result.face.face.embedding).toHaveLength(128);
    expect(result.liveness.isLive).toBe(live);
    // Liveness works on whole pixels of the landmark box, which lies inside these frames.
    const box = livenessBoxOf(result.face.face);
    expect(result.liveness.details.faceBox).toEqual({
      x: Math.round(box.x),
      y: Math.round(box.y),
      width: Math.round(box.width),
      height: Math.round(box.height),
    });
    // Upstream's convention: about as tall as wide or taller, unlike the detector's squat box.
    expect(box.height / box.width).toBeGreaterThan(1);
  });

  it('gives typed results for an undecodable file and an image without a face', async () => {
    expect(await analyzeSelfie(Buffer.from('not an image at all'))).toMatchObject({ kind: 'invalid_image', reason: 'undecodable' });
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#203040' } })
      .jpeg()
      .toBuffer();
    expect(await analyzeSelfie(blank)).toMatchObject({ kind: 'no_face' });
  });
});
