import { readFileSync } from 'fs';
import { join } from 'path';
import sharp from 'sharp';
import { checkLiveness, checkLivenessBase64 } from '../check-liveness';
import { SPOOF_DEV_BOXES, SPOOF_DEV_DIR } from '../../testing/spoof-dev';

const sample = (file: string): Buffer => readFileSync(join(SPOOF_DEV_DIR, file));

describe('checkLiveness on upstream samples', () => {
  it('passes the live selfie and rejects both spoofs with a reason', async () => {
    const live = await checkLiveness(sample('image_T1.jpg'), { faceBox: SPOOF_DEV_BOXES['image_T1.jpg'] });
    expect(live.isLive).toBe(true);
    expect(live.confidence).toBeGreaterThan(0.8);
    expect(live.reason).toBeUndefined();
    for (const file of ['image_F1.jpg', 'image_F2.jpg']) {
      const spoof = await checkLiveness(sample(file), { faceBox: SPOOF_DEV_BOXES[file] });
      expect(spoof).toMatchObject({ isLive: false, reason: 'SPOOF' });
      expect(spoof.confidence).toBeGreaterThan(0.8);
      expect(spoof.details.models?.mean).toBeLessThan(0.5);
    }
  });

  it('gives the same verdict through the base64 and data-URL entry point', async () => {
    const base64 = sample('image_F2.jpg').toString('base64');
    const plain = await checkLivenessBase64(base64, { faceBox: SPOOF_DEV_BOXES['image_F2.jpg'] });
    const dataUrl = await checkLivenessBase64(`data:image/jpeg;base64,${base64}`, { faceBox: SPOOF_DEV_BOXES['image_F2.jpg'] });
    expect(plain.isLive).toBe(false);
    expect(dataUrl.details.liveProbability).toBeCloseTo(plain.details.liveProbability ?? -1, 10);
  });

  it("reduces a 12-MP frame before analysis and maps the caller's box into it", async () => {
    const big = await sharp(sample('image_T1.jpg')).rotate().resize(3000, 4000).jpeg({ quality: 90 }).toBuffer();
    const box = SPOOF_DEV_BOXES['image_T1.jpg'];
    const factor = 3000 / 480;
    const result = await checkLiveness(big, {
      faceBox: { x: box.x * factor, y: box.y * factor, width: box.width * factor, height: box.height * factor },
    });
    expect(result.details.analysisScale).toBeCloseTo(1280 / 4000, 3);
    expect(result.details.faceBox?.width).toBeCloseTo(box.width * factor * (1280 / 4000), -1);
    expect(result.isLive).toBe(true);
  });

  it('asks the plugged-in detector for the box when none is given', async () => {
    const detectFace = jest.fn(async () => SPOOF_DEV_BOXES['image_T1.jpg']);
    const result = await checkLiveness(sample('image_T1.jpg'), { detectFace });
    expect(detectFace).toHaveBeenCalledTimes(1);
    expect(result.isLive).toBe(true);
  });
});

describe('checkLiveness on bad input returns a typed result and never throws', () => {
  const box = { x: 10, y: 10, width: 60, height: 60 };
  const png = (width: number, height: number, channels: 1 | 3, fill: number, depth: 'uchar' | 'ushort' = 'uchar'): Promise<Buffer> => {
    const bytesPer = depth === 'ushort' ? 2 : 1;
    const raw = Buffer.alloc(width * height * channels * bytesPer);
    for (let i = 0; i < width * height * channels; i++) {
      const value = (fill + ((i * 7919) % 61)) % 256; // textured, so it is not a flat frame
      if (bytesPer === 2) raw.writeUInt16LE(value * 257, i * 2);
      else raw[i] = value;
    }
    return sharp(raw, { raw: { width, height, channels, ...(depth === 'ushort' ? { depth: 'ushort' as const } : {}) } })
      .png()
      .toBuffer();
  };

  it.each([
    ['empty bytes', Buffer.alloc(0), 'INVALID_IMAGE', 'EMPTY'],
    ['not an image', Buffer.from('definitely not a jpeg'), 'INVALID_IMAGE', 'UNDECODABLE'],
  ])('%s', async (_name, bytes, reason, subReason) => {
    await expect(checkLiveness(bytes, { faceBox: box })).resolves.toMatchObject({ isLive: false, confidence: 0, reason, subReason });
  });

  it('a tiny image', async () => {
    await expect(checkLiveness(await png(20, 20, 3, 100), { faceBox: box })).resolves.toMatchObject({
      reason: 'INVALID_IMAGE',
      subReason: 'TOO_SMALL',
    });
  });

  it('a huge image (over the pixel limit) is refused before decoding', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: { r: 90, g: 90, b: 90 } } })
      .jpeg()
      .toBuffer();
    await expect(checkLiveness(huge, { faceBox: box })).resolves.toMatchObject({ reason: 'INVALID_IMAGE', subReason: 'TOO_LARGE' });
  });

  it('an all-black frame', async () => {
    const black = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    await expect(checkLiveness(black, { faceBox: box })).resolves.toMatchObject({ reason: 'IMAGE_QUALITY', subReason: 'TOO_DARK' });
  });

  it('greyscale and 16-bit images are analysed, with colour evidence switched off for greyscale', async () => {
    const grey = await checkLiveness(await png(200, 200, 1, 100), { faceBox: box });
    expect(grey.reason).not.toBe('INVALID_IMAGE');
    expect(grey.details.evidence?.greyscaleInput).toBe(true);
    expect(grey.details.cues?.printGamut).toBeNull();
    const deep = await checkLiveness(await png(200, 200, 3, 100, 'ushort'), { faceBox: box });
    expect(deep.reason).not.toBe('INVALID_IMAGE');
    expect(deep.details.models).toBeDefined();
  });

  it.each([
    ['outside the image', { x: 5000, y: 5000, width: 100, height: 100 }, 'OUTSIDE_IMAGE'],
    ['negative size', { x: 10, y: 10, width: -5, height: 50 }, 'INVALID'],
    ['NaN', { x: Number.NaN, y: 10, width: 50, height: 50 }, 'INVALID'],
    ['too small', { x: 10, y: 10, width: 8, height: 8 }, 'FACE_TOO_SMALL'],
  ])('a face box %s', async (_name, faceBox, subReason) => {
    await expect(checkLiveness(sample('image_T1.jpg'), { faceBox })).resolves.toMatchObject({
      isLive: false,
      reason: 'FACE_BOX',
      subReason,
    });
  });

  it('no face box and no detector', async () => {
    await expect(checkLiveness(sample('image_T1.jpg'))).resolves.toMatchObject({ reason: 'FACE_BOX', subReason: 'MISSING' });
  });

  it('bad base64', async () => {
    await expect(checkLivenessBase64('***not base64***', { faceBox: box })).resolves.toMatchObject({
      reason: 'INVALID_IMAGE',
      subReason: 'BAD_BASE64',
    });
    await expect(checkLivenessBase64('', { faceBox: box })).resolves.toMatchObject({ reason: 'INVALID_IMAGE', subReason: 'EMPTY' });
  });

  it('a missing model file is an INTERNAL result, not an exception', async () => {
    await expect(
      checkLiveness(sample('image_T1.jpg'), { faceBox: SPOOF_DEV_BOXES['image_T1.jpg'], modelsDir: '/nonexistent' }),
    ).resolves.toMatchObject({ reason: 'INTERNAL', subReason: 'MODEL_UNAVAILABLE' });
  });
});
